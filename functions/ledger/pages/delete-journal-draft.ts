import { defineDashboardPage } from '../../../shared/access/index.ts';
import { deleteJournalDraft } from '../../../shared/ledger/journal-drafts.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { ledgerPageRoutes } from './routes.ts';

export const handler = defineDashboardPage(ledgerPageRoutes.deleteJournalDraft, async ({ viewer, id }) => {
  await deleteJournalDraft(viewer.business.id, id);
  return redirect('/dashboard/journals?status=draft&notice=draft_deleted');
});
