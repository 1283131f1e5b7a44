import { config } from '../../../shared/platform/config.ts';
import { outboxPage } from '../../../shared/access/pages/outbox.tsx';
import { NotFound } from '../../../shared/platform/core/errors.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { mailboxEntries } from '../../../shared/platform/mail/local-mailbox.ts';
import { mailboxReader } from '../../../shared/platform/web/viewer.ts';
import { dashboardShellRoutes } from './routes.ts';

/** The local runtime's outbox (the row is `localOnly`: never deployed, and refused anywhere MAIL_DIR is not set). */
export const handler = defineDashboardPage(dashboardShellRoutes.outbox, async ({ viewer }) => {
  const directory = config().MAIL_DIR;
  if (!directory) throw new NotFound('outbox');
  return html(200, outboxPage({ viewer, entries: mailboxEntries(directory, mailboxReader(viewer)), directory }));
});
