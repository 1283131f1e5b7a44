/**
 * What the tax return's per-rate figures on the period-total items should hold (`tax-totals.ts`), derived for the
 * rebuild from the records that carry tax rates, as their postings move them: a document's on its date and, voided,
 * off again on its void date; a manual journal's likewise; a bank line categorized at a rate on its date (undone,
 * on the same date, so nothing). The cash basis's gap is the documents' replay (`cash-basis-history.ts`).
 */
import type { Id } from '../../../shared/platform/core/ids.ts';
import type { BankTransactionRecord } from '../../../shared/banking/index.ts';
import { categorizedTaxOf } from '../../../shared/banking/index.ts';
import { taxedPosting, type DocumentRecord } from '../../../shared/ledger/documents/records.ts';
import { journalTaxDeltas, type ManualJournalRecord } from '../../../shared/ledger/journals.ts';
import { shownVoidDate } from '../../../shared/ledger/void-date.ts';
import { categorizedTaxDeltas, taxDeltasOf } from '../../../shared/ledger/tax/tax-totals.ts';
import type { Deltas } from '../../../shared/ledger/cash-basis-rules.ts';

export interface TaxFiguresShift {
  readonly date: string;
  readonly deltas: Deltas;
}

const negated = (deltas: Deltas): Deltas => Object.fromEntries(Object.entries(deltas).map(([name, value]) => [name, -value]));

/** A posting's figures on its date and, once voided, their negative on the void date. */
function postedAndVoided(record: { readonly date: string; readonly voided_at: string | null; readonly void_date?: string }, deltas: Deltas): TaxFiguresShift[] {
  if (Object.keys(deltas).length === 0) return [];
  const voidDate = shownVoidDate(record);
  return [{ date: record.date, deltas }, ...(record.voided_at && voidDate ? [{ date: voidDate, deltas: negated(deltas) }] : [])];
}

export function taxFiguresHistory(businessId: Id, documents: readonly DocumentRecord[], journals: readonly ManualJournalRecord[], bankTransactions: readonly BankTransactionRecord[], homeCurrency: string): TaxFiguresShift[] {
  return [
    ...documents.flatMap((document) => postedAndVoided(document, taxDeltasOf(businessId, taxedPosting(businessId, document, homeCurrency)))),
    ...journals.flatMap((journal) => postedAndVoided(journal, journalTaxDeltas(businessId, journal, homeCurrency))),
    ...bankTransactions.filter((transaction) => transaction.reversed_at === null).map((transaction) => ({ date: transaction.date, deltas: categorizedTaxDeltas(businessId, categorizedTaxOf(businessId, transaction, homeCurrency)) })),
  ];
}
