import { getLine } from '../../../shared/banking/lines.ts';
import type { Viewer } from '../../../shared/platform/web/viewer.ts';
import type { Id } from '../../../shared/platform/core/ids.ts';
import { refusalOf, refusalSentence } from '../../../shared/platform/http/form-refusal.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { linePage } from './line-page.ts';

/**
 * Runs one of a line's actions through its API use case, then goes back to the line's account (its unmatched
 * lines); a refusal (the line changed meanwhile, a locked period, a missing scope) shows the line again, saying why.
 */
export async function lineAction(viewer: Viewer, id: Id, notice: string, act: () => Promise<unknown>) {
  const { record } = await getLine(viewer.business.id, id);
  try {
    await act();
    return redirect(`/dashboard/banking/${record.account_id}?notice=${notice}`);
  } catch (error) {
    const refused = refusalOf(error);
    return html(refused.status, await linePage(viewer, id, { problem: refusalSentence(refused.problems) }));
  }
}
