import { setTimeout as sleep } from 'node:timers/promises';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { openUploadView } from '../../../shared/attachments/open-uploads.ts';
import { uploadPage } from '../../../shared/attachments/pages/upload.tsx';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { attachmentsPageRoutes as rows } from './routes.ts';

/** The check takes a second or two after the store reports the file: the page waits about that long for it. */
const WAITS_FOR_CHECK = 4;
const WAIT_MS = 600;

/**
 * An upload's page: its form; back from the store (which names the object it kept), the check's outcome: the
 * record's page when the file is attached, the reason when it is not, or "being checked" while it still is.
 */
export const handler = defineDashboardPage(rows.upload, async ({ viewer, id, event }) => {
  const pagePath = `/dashboard/uploads/${id}`;
  const query = event.queryStringParameters ?? {};
  const arrived = query.key !== undefined || query.arrived !== undefined;
  let view = await openUploadView(viewer.business.id, viewer.scopes, id, pagePath);
  for (let waited = 0; arrived && view.upload.status === 'open' && waited < WAITS_FOR_CHECK; waited++) {
    await sleep(WAIT_MS);
    view = await openUploadView(viewer.business.id, viewer.scopes, id, pagePath);
  }
  if (view.upload.status === 'attached') return redirect(`${view.upload.back}?notice=file_attached`);
  return html(200, uploadPage({ viewer, view, arrived, pagePath }), [], { formTargets: view.form && !arrived ? [new URL(view.form.url).origin] : [] });
});
