import { defineDashboardPage } from '../../../shared/access/index.ts';
import { refusalOf } from '../../../shared/platform/http/form-refusal.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { journalDraftToChange, replaceJournalDraft } from '../../../shared/ledger/journal-drafts.ts';
import { JournalCreate } from '../../../shared/ledger/journal-schemas.ts';
import { journalBody } from '../../../shared/ledger/pages/journal-editor.ts';
import { drawJournal, journalEditing, postedJournal } from './journal-pages.ts';
import { ledgerPageRoutes } from './routes.ts';

/**
 * The draft journal's editor posted: "More lines" draws it again with the totals counted; "Save draft" replaces the
 * draft's body (checked and priced again, as `PATCH` does; its exchange rate, which the form does not show, stays).
 * Nothing is posted.
 */
export const handler = defineDashboardPage(ledgerPageRoutes.saveJournalDraft, async (input) => {
  const { viewer, form } = input;
  const id = input.id;
  const given = await journalDraftToChange(viewer.business.id, id);
  const intent = form.intent?.[0] ?? 'more';
  const typed = postedJournal(form, intent === 'more');
  const key = form.idempotency_key?.[0] ?? '';
  if (intent !== 'draft') return drawJournal(viewer, 200, typed, key, undefined, journalEditing(id));
  const { body, kept } = journalBody(typed);
  try {
    await replaceJournalDraft(viewer.business.id, id, parseInput(JournalCreate, { ...body, ...(given.exchange_rate === undefined ? {} : { exchange_rate: given.exchange_rate }) }, 'form'));
    return redirect(`/dashboard/journals/${id}?notice=draft_saved`);
  } catch (error) {
    const refused = refusalOf(error);
    return drawJournal(viewer, refused.status, typed, key, { problems: refused.problems, kept }, journalEditing(id));
  }
});
