import { defineDashboardPage } from '../../../shared/access/index.ts';
import { approveJournalDraft } from '../../../shared/ledger/journal-drafts.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { ledgerPageRoutes } from './routes.ts';

/** Approve on a draft journal's page: posted as the API's approval posts it, then its page again, numbered. */
export const handler = defineDashboardPage(ledgerPageRoutes.approveJournal, async ({ viewer, id }) => {
  await approveJournalDraft(viewer.business.id, id);
  return redirect(`/dashboard/journals/${id}?notice=approved`);
});
