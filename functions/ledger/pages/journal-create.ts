import { defineDashboardPage } from '../../../shared/access/index.ts';
import { formIdempotencyKey } from '../../../shared/platform/http/idempotency.ts';
import { refusalOf } from '../../../shared/platform/http/form-refusal.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { createJournalOrDraft } from '../../../shared/ledger/journal-drafts.ts';
import { JournalCreate } from '../../../shared/ledger/journal-schemas.ts';
import { journalBody } from '../../../shared/ledger/pages/journal-editor.ts';
import { drawJournal, postedJournal } from './journal-pages.ts';
import { ledgerPageRoutes } from './routes.ts';

/**
 * "More lines" draws the form again with more rows and the totals counted; "Post" goes through the API's schema and
 * producer under the form's idempotency key (a double submit posts once), and "Save as draft" saves it unposted,
 * numberless, for someone who may approve it. A refusal lands on the row it names.
 */
export const handler = defineDashboardPage(ledgerPageRoutes.journalCreate, async ({ viewer, form }) => {
  const intent = form.intent?.[0] ?? 'more';
  const typed = postedJournal(form, intent === 'more');
  const key = form.idempotency_key?.[0] ?? '';
  if (intent !== 'create' && intent !== 'draft') return drawJournal(viewer, 200, typed, key);
  const { body, kept } = journalBody(typed);
  try {
    const scope = formIdempotencyKey(form, 'dashboard.journalCreate');
    const saved = await createJournalOrDraft(viewer.business.id, parseInput(JournalCreate, { ...body, ...(intent === 'draft' ? { status: 'draft' } : {}) }, 'form'), scope);
    return redirect(intent === 'draft' ? `/dashboard/journals/${saved.id}?notice=draft_saved` : '/dashboard/journals?notice=journal_posted');
  } catch (error) {
    const refused = refusalOf(error);
    return drawJournal(viewer, refused.status, typed, key, { problems: refused.problems, kept });
  }
});
