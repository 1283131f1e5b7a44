import { dashboardBack, defineDashboardPage } from '../../../shared/access/index.ts';
import { openUpload } from '../../../shared/attachments/open-uploads.ts';
import { RuleViolation } from '../../../shared/platform/core/errors.ts';
import { normalizeId } from '../../../shared/platform/core/ids.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { attachmentsPageRoutes as rows } from './routes.ts';

/** "Attach a file" on a record's page: opens an upload to the record (its feature's update scope) and shows its form. */
export const handler = defineDashboardPage(rows.openUpload, async ({ viewer, form }) => {
  const recordId = normalizeId(form.record_id?.[0] ?? '');
  if (!recordId) throw RuleViolation.of('record_id', 'must name the record the file is attached to');
  const back = dashboardBack(form.back?.[0]).split('?')[0]!;
  const id = await openUpload(viewer.business.id, viewer.scopes, { recordType: form.record_type?.[0] ?? '', recordId, back });
  return redirect(`/dashboard/uploads/${id}`);
});
