import { MAX_ROWS, ROWS_ADDED } from '../../../shared/platform/web/line-editor-rules.ts';
import { blankJournalRow, journalTypedOf, type JournalTyped } from '../../../shared/ledger/pages/journal-editor.ts';
import type { Viewer } from '../../../shared/platform/web/viewer.ts';
import { journalEditorPage, type JournalEditing } from '../../../shared/ledger/pages/journals.tsx';
import type { FieldProblem } from '../../../shared/platform/core/errors.ts';
import { chartOfAccounts } from '../../../shared/ledger/accounts.ts';
import { homeCurrencyOf } from '../../../shared/ledger/period-totals.ts';
import { readTaxRates } from '../../../shared/ledger/tax/tax-rates.ts';
import { carriedRate, selfAssessedRate } from '../../../shared/ledger/tax/tax-kinds.ts';
import { getBusinessProfile } from '../../../shared/access/index.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { today } from '../../../shared/platform/core/dates.ts';
import { listTrackingCategories } from '../../../shared/ledger/tracking/categories.ts';
import { trackingColumns } from '../../../shared/ledger/pages/tracking-columns.ts';

/** The accounts a journal line may name: live ones but receivables and payables (those belong to documents). */
const REFUSED = new Set(['accounts_receivable', 'accounts_payable']);

/** The journal form drawn again (or first): the business's accounts, its home currency, what was typed. */
export async function drawJournal(viewer: Viewer, status: number, typed: JournalTyped, key: string, refusal?: { readonly problems: readonly FieldProblem[]; readonly kept: readonly number[] }, editing?: JournalEditing) {
  const [chart, homeCurrency, rates, profile, categories] = await Promise.all([chartOfAccounts(viewer.business.id), homeCurrencyOf(viewer.business.id), readTaxRates(viewer.business.id), getBusinessProfile(viewer.business.id), listTrackingCategories(viewer.business.id)]);
  const accounts = chart.filter((account) => !account.archived && !(account.system_role && REFUSED.has(account.system_role))).map((account) => ({ id: account.id, name: `${account.code ?? ''} ${account.name}`.trim() }));
  const active = rates.map((rate) => rate.record).filter((rate) => !rate.archived);
  const taxRates = active.map((rate) => ({ id: rate.id, name: `${rate.name} (${rate.rate}%)` }));
  // The journal counts its tax as the posting will: a debit at a reverse-charge rate self-assessed.
  const tax = { rates: new Map(active.map((rate) => [rate.id, { id: rate.id, carried: carriedRate(rate.kind, rate.rate), selfAssessed: selfAssessedRate(rate.kind, rate.rate, 'purchases') }])), rounding: profile.tax_rounding };
  return html(status, journalEditorPage({ viewer, typed, accounts, taxRates, tax, tracking: trackingColumns(categories.items), idempotencyKey: key, homeCurrency, today: today(), editing, ...(refusal ? { problems: refusal.problems, kept: refusal.kept } : {}) }));
}

export const emptyJournal = (): JournalTyped => ({ date: '', narration: '', currency: '', rows: [blankJournalRow(), blankJournalRow(), blankJournalRow(), blankJournalRow()] });

/** The posted form, with more rows when asked for. */
export function postedJournal(form: Readonly<Record<string, readonly string[]>>, more: boolean): JournalTyped {
  const typed = journalTypedOf(form);
  const rows = typed.rows.length === 0 ? emptyJournal().rows : more ? [...typed.rows, ...Array.from({ length: ROWS_ADDED }, blankJournalRow)].slice(0, MAX_ROWS) : typed.rows;
  return { ...typed, rows };
}

/** Where a draft journal's editor posts, and where its Cancel leads. */
export const journalEditing = (id: string): JournalEditing => ({ action: `/dashboard/journals/${id}/edit`, cancel: `/dashboard/journals/${id}` });
