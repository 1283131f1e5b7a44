import { dashboardBack, defineDashboardPage } from '../../../shared/access/index.ts';
import { deleteAttachment } from '../../../shared/attachments/attachments.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { attachmentsPageRoutes as rows } from './routes.ts';

/** Takes a file off its record (its feature's update scope) and returns to the page it was deleted from. */
export const handler = defineDashboardPage(rows.delete, async ({ viewer, id, form }) => {
  await deleteAttachment(viewer.business.id, viewer.scopes, id);
  const back = dashboardBack(form.back?.[0]).split('?')[0]!;
  return redirect(`${back}?notice=file_deleted`);
});
