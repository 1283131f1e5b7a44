import { config } from '../../../shared/platform/config.ts';
import { NotFound } from '../../../shared/platform/core/errors.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { mailboxMessage } from '../../../shared/platform/mail/local-mailbox.ts';
import { mailboxReader } from '../../../shared/platform/web/viewer.ts';
import { dashboardShellRoutes } from './routes.ts';

/** One e-mail of the local outbox as its `.eml` file, for a mail client to open; only the business's own. */
export const handler = defineDashboardPage(dashboardShellRoutes.outboxMessage, async ({ viewer, id }) => {
  const directory = config().MAIL_DIR;
  const message = directory ? mailboxMessage(directory, mailboxReader(viewer), id) : undefined;
  if (!message) throw new NotFound('e-mail');
  return {
    statusCode: 200,
    headers: { 'content-type': 'message/rfc822', 'content-disposition': `attachment; filename="${message.entry.file}"`, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
    body: message.raw.toString('base64'),
    isBase64Encoded: true,
  };
});
