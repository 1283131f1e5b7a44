import { voidCreditAllocation } from '../../../shared/cash/credit-allocations.ts';
import { voidInputOfForm } from '../../../shared/ledger/void-date.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { salesPageRoutes } from './routes.ts';

/** Undoes one application of credit through the API's use case (`POST /credit-allocations/{id}/void`). */
export const handler = defineDashboardPage(salesPageRoutes.undoCredit, async ({ viewer, id, form }) => {
  const allocation = await voidCreditAllocation('credit_note', viewer.business.id, id, voidInputOfForm(form));
  return redirect(`/dashboard/credit-notes/${allocation.credit_note_id}?notice=credit_undone`);
});
