import { defineDashboardPage } from '../../../shared/access/index.ts';
import { getAttachment } from '../../../shared/attachments/attachments.ts';
import { StateConflict } from '../../../shared/platform/core/errors.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { attachmentsPageRoutes as rows } from './routes.ts';

/** A file's download: a fresh link (valid five minutes) each time, so a page left open never offers a stale one. */
export const handler = defineDashboardPage(rows.download, async ({ viewer, id }) => {
  const attachment = await getAttachment(viewer.business.id, viewer.scopes, id);
  if (!attachment.download_url) throw new StateConflict(`${attachment.file_name} is ${attachment.status}: it downloads once its upload is checked.`);
  return redirect(attachment.download_url);
});
