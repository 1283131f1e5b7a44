/**
 * The receipts and payments a document lists on itself (the refunds, a credit document), so that its page reads one item. The list is bounded:
 * every settlement rewrites the whole document (and its stream images carry it twice), so a document that kept
 * every part payment grew by about 110 bytes each, read and wrote more with every one, and would pass DynamoDB's
 * 400 KB item limit after a few thousand. It keeps the latest `LISTED_SETTLEMENTS` and counts the rest.
 */
import type { Id } from '../../platform/core/ids.ts';

/** A live receipt or payment settling part of a document, or a refund paying out part of a credit. */
export interface SettlementRef {
  readonly id: Id;
  readonly kind: 'receipt' | 'payment' | 'refund' | 'vendor_refund';
  readonly no: string;
  readonly date: string;
  /** Minor units. */
  readonly amount: number;
}

/** How many live settlements a document lists: the latest, oldest of them first. */
export const LISTED_SETTLEMENTS = 20;

export interface SettlementList {
  /** The latest live settlements (absent on documents settled before it was kept). */
  readonly settled_by?: readonly SettlementRef[];
  /** Every live settlement recorded since the list was kept, listed or not (absent before it was counted: the list's length). */
  readonly settlement_count?: number;
}

const countOf = (list: SettlementList) => list.settlement_count ?? list.settled_by?.length ?? 0;

/** The list once `settlement` settles the document too: the latest kept, the oldest listed one dropped past the bound. */
export function withSettlement(list: SettlementList, settlement: SettlementRef): Required<SettlementList> {
  return { settled_by: [...(list.settled_by ?? []), settlement].slice(-LISTED_SETTLEMENTS), settlement_count: countOf(list) + 1 };
}

/**
 * The list once the settlement `id` no longer settles the document (its receipt or payment voided). One that fell
 * off the list is still counted out. A document that never kept the list keeps none.
 */
export function withoutSettlement(list: SettlementList, id: Id): SettlementList {
  if (list.settled_by === undefined && list.settlement_count === undefined) return {};
  return { settled_by: (list.settled_by ?? []).filter((settlement) => settlement.id !== id), settlement_count: Math.max(0, countOf(list) - 1) };
}

/** How many live settlements the document does not list (earlier than the listed ones). */
export function unlistedSettlements(list: SettlementList): number {
  return Math.max(0, countOf(list) - (list.settled_by?.length ?? 0));
}
