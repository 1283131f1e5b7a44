import { config } from '../../../shared/config.ts';
import { outboxPage } from '../../../shared/dashboard/views/outbox.tsx';
import { NotFound } from '../../../shared/domain/errors.ts';
import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { html } from '../../../shared/http/web.ts';
import { mailboxEntries } from '../../../shared/mail/local-mailbox.ts';
import { mailboxReader } from '../../../shared/dashboard/viewer.ts';
import { dashboardRoutes } from './routes.ts';

/** The local runtime's outbox (the row is `localOnly`: never deployed, and refused anywhere MAIL_DIR is not set). */
export const handler = defineDashboardPage(dashboardRoutes.outbox, async ({ viewer }) => {
  const directory = config().MAIL_DIR;
  if (!directory) throw new NotFound('outbox');
  return html(200, outboxPage({ viewer, entries: mailboxEntries(directory, mailboxReader(viewer)), directory }));
});
