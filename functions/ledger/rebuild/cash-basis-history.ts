/**
 * What the cash-basis gap items should hold (`cash-basis.ts`), derived for the rebuild from the documents and
 * their settlements: each invoice, bill and credit note replayed in the order its changes were made (booked,
 * settled by receipts, payments and credit allocations, those undone, voided), each change moving its gap on the
 * business date it took effect, exactly as the postings move it (`addDocumentReplace`), the tax return's per-rate
 * gap (`tax/tax-totals.ts`) with it. The order matters: the
 * gap is a rounded share of the amount settled, so only the same sequence of amounts gives the same cents.
 */
import type { Id } from '../../../shared/platform/core/ids.ts';
import type { MoneyRecord } from '../../../shared/cash/index.ts';
import { allocationDate, type CreditAllocationRecord } from '../../../shared/cash/index.ts';
import { shownVoidDate } from '../../../shared/ledger/void-date.ts';
import { deltasBetween, type Deltas } from '../../../shared/ledger/cash-basis-rules.ts';
import { documentCashBasisGap, taxedPosting, type DocumentRecord } from '../../../shared/ledger/documents/records.ts';
import { taxGapOf } from '../../../shared/ledger/tax/tax-totals.ts';

/** One move of the gap items: `deltas` on `date`. */
export interface CashBasisShift {
  readonly date: string;
  readonly deltas: Deltas;
}

/** A change of what a document has settled (or its void): when it was made, the date it took effect, by how much. */
interface Change {
  readonly at: string;
  readonly date: string;
  readonly settled: number;
  readonly voids?: true;
}

/** Each settlement of a document as made and, when voided, as undone. */
function changesOf(settlement: { readonly created_at: string; readonly date: string; readonly voided_at: string | null; readonly voidDate: string | null; readonly amount: number }): Change[] {
  const made: Change = { at: settlement.created_at, date: settlement.date, settled: settlement.amount };
  return settlement.voided_at === null || settlement.voidDate === null ? [made] : [made, { at: settlement.voided_at, date: settlement.voidDate, settled: -settlement.amount }];
}

export function cashBasisHistory(businessId: Id, documents: readonly DocumentRecord[], money: readonly MoneyRecord[], allocations: readonly CreditAllocationRecord[], homeCurrency: string): CashBasisShift[] {
  const changes = new Map<Id, Change[]>();
  const add = (documentId: Id, ...more: Change[]) => changes.set(documentId, [...(changes.get(documentId) ?? []), ...more]);
  for (const record of money) for (const allocation of record.allocations) add(allocation.document_id, ...changesOf({ ...record, voidDate: shownVoidDate(record), amount: allocation.amount }));
  for (const allocation of allocations) {
    const settlement = { ...allocation, date: allocationDate(allocation), voidDate: shownVoidDate(allocation) };
    add(allocation.document_id, ...changesOf(settlement));
    add(allocation.credit_note_id, ...changesOf(settlement));
  }
  return documents.flatMap((document) => replay(businessId, document, changes.get(document.id) ?? [], homeCurrency));
}

/** The document from its booking on: each change in the order it was made moves the gap from its value before. */
function replay(businessId: Id, document: DocumentRecord, changes: readonly Change[], homeCurrency: string): CashBasisShift[] {
  const voidDate = shownVoidDate(document);
  const ordered = [...changes, ...(document.voided_at && voidDate ? [{ at: document.voided_at, date: voidDate, settled: 0, voids: true } as const] : [])].sort((a, b) => a.at.localeCompare(b.at));
  const gapAt = (settled: number, voided: boolean) => {
    const state: DocumentRecord = { ...document, amount_paid: settled, amount_credited: 0, amount_allocated: settled, voided_at: voided ? document.voided_at : null };
    // The accounts' gap and the tax return's per-rate gap move together on the same items.
    return { ...documentCashBasisGap(businessId, state, homeCurrency), ...taxGapOf(businessId, taxedPosting(businessId, state, homeCurrency)) };
  };
  let [settled, voided] = [0, false];
  let gap = gapAt(settled, voided);
  const shifts: CashBasisShift[] = [{ date: document.date, deltas: gap }];
  for (const change of ordered) {
    settled += change.settled;
    voided ||= change.voids === true;
    const next = gapAt(settled, voided);
    shifts.push({ date: change.date, deltas: deltasBetween(gap, next) });
    gap = next;
  }
  return shifts.filter((shift) => Object.keys(shift.deltas).length > 0);
}
