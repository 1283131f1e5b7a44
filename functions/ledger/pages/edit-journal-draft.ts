import { newId } from '../../../shared/platform/core/ids.ts';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { journalDraftToChange } from '../../../shared/ledger/journal-drafts.ts';
import { journalTypedOfBody } from '../../../shared/ledger/pages/journal-editor.ts';
import { drawJournal, journalEditing } from './journal-pages.ts';
import { ledgerPageRoutes } from './routes.ts';

/** A draft journal's editor, filled in as it was saved (a posted journal is refused: only a draft changes). */
export const handler = defineDashboardPage(ledgerPageRoutes.editJournalDraft, async (input) => {
  const id = input.id;
  return drawJournal(input.viewer, 200, journalTypedOfBody(await journalDraftToChange(input.viewer.business.id, id)), newId(), undefined, journalEditing(id));
});
