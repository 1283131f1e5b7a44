import { DATED_COUNTS } from '../platform/db/dated-counts.ts';
import { collection } from '../platform/db/collection.ts';
import { facetKey } from '../platform/db/keys.ts';
import { NotFound } from '../platform/core/errors.ts';
import type { Id } from '../platform/core/ids.ts';
import { toMajor } from '../platform/core/money.ts';
import { HOME_RATE, rateNumber, shownVoidDate } from '../ledger/index.ts';
import type { Rate } from '../ledger/index.ts';
import type { Page, PageRequest } from '../platform/core/paging.ts';

export type MoneyKind = 'receipt' | 'payment';
/** Money back to a customer (`refund`) or from a vendor (`vendor_refund`) out of its unapplied credit. */
export type RefundKind = 'refund' | 'vendor_refund';

/** Whether a kind of money is a refund (of a credit), not a receipt or payment (of documents). */
export const isRefund = (kind: MoneyKind | RefundKind): kind is RefundKind => kind === 'refund' || kind === 'vendor_refund';

const MONEY_LABELS = { receipt: 'Receipt', payment: 'Payment' } as const satisfies Record<MoneyKind, string>;

/** Where receipts and payments are stored, and how they are read back: the store of money documents. */
export interface MoneyRecord {
  readonly id: Id;
  readonly kind: MoneyKind | RefundKind;
  readonly no: string;
  readonly sequence: number;
  readonly party_id: Id;
  readonly date: string;
  readonly payment_account_id: Id;
  readonly currency: string;
  /** Home-currency units per unit of `currency`, the rate of the day the money moved (absent before rates: 1). */
  readonly exchange_rate?: Rate;
  readonly reference: string | null;
  readonly note: string | null;
  /**
   * In the order given: the settlement order. Amounts in minor units; `base_amount`, the home minor units of the
   * document's balance this relieved, at the document's rate (absent before the home currency).
   */
  readonly allocations: readonly { readonly document_id: Id; readonly amount: number; readonly base_amount?: number }[];
  /** The money moved: its allocations plus `unapplied_amount`. */
  readonly amount: number;
  /** What it held beyond its allocations (absent before customer credit: none), kept by `overpayment_id`. */
  readonly unapplied_amount?: number;
  /** Of a refund: the record it refunds the credit of, as the request named it (a credit note, a receipt, a prepayment…). */
  readonly refund_of?: { readonly type: string; readonly id: Id; readonly no: string };
  /** The credit document (a prepayment type) holding `unapplied_amount` as the party's credit; absent when none. */
  readonly overpayment_id?: Id | null;
  readonly journal_entry_id: Id;
  readonly voided_at: string | null;
  /** The day the void's reversal is booked (absent on records voided before voids kept their period). */
  readonly void_date?: string;
  readonly created_at: string;
  readonly updated_at: string;
}

/** Receipts or payments by date, then number. */
const byKindAndDate = facetKey<MoneyRecord, ['kind', 'date', 'sequence']>(null, ['kind', 'date', 'sequence'], { sequence: (value) => String(value).padStart(12, '0') });

export const moneyStore = collection<MoneyRecord>({
  kind: 'MONEY',
  order: byKindAndDate,
  views: (money) => [{ prefix: byKindAndDate.prefix({ kind: money.kind }), counter: money.kind }],
  dated: { index: 'lsi1', prefix: (view) => view.prefix, date: (money) => money.date, counts: DATED_COUNTS },
});

/** What every money record shows alike: a receipt's, a payment's, a refund's. */
export function moneyFields(money: MoneyRecord) {
  return {
    reference: money.reference,
    currency: money.currency,
    exchange_rate: rateNumber(money.exchange_rate ?? HOME_RATE),
    status: money.voided_at ? ('Voided' as const) : ('Posted' as const),
    party_id: money.party_id,
    date: money.date,
    payment_account_id: money.payment_account_id,
    amount: toMajor(money.amount, money.currency),
    voided_at: money.voided_at,
    void_date: shownVoidDate(money),
    created_at: money.created_at,
  };
}

export function toMoneyResource(money: MoneyRecord & { readonly kind: MoneyKind }) {
  const major = (minor: number) => toMajor(minor, money.currency);
  return {
    id: money.id,
    no: money.no,
    type: MONEY_LABELS[money.kind],
    allocations: money.allocations.map((allocation) => ({ document_id: allocation.document_id, amount: major(allocation.amount) })),
    note: money.note,
    ...moneyFields(money),
    unapplied_amount: major(money.unapplied_amount ?? 0),
    overpayment_id: money.overpayment_id ?? null,
  };
}

export type MoneyResource = ReturnType<typeof toMoneyResource>;

/** A money record of a kind, narrowed; 404 for another kind's or none. */
export async function moneyOf<K extends MoneyRecord['kind']>(kind: K, businessId: Id, id: Id): Promise<MoneyRecord & { readonly kind: K }> {
  const stored = await moneyStore.get(businessId, id);
  if (!stored || stored.record.kind !== kind) throw new NotFound(kind.replace('_', ' '));
  return stored.record as MoneyRecord & { readonly kind: K };
}

export async function getMoney(kind: MoneyKind, businessId: Id, id: Id): Promise<MoneyResource> {
  return toMoneyResource(await moneyOf(kind, businessId, id));
}

/** A page of one kind's money records by date, then number. */
export async function pageOfMoney<K extends MoneyRecord['kind']>(kind: K, businessId: Id, page: PageRequest): Promise<Page<MoneyRecord & { readonly kind: K }>> {
  return (await moneyStore.page(businessId, page, { prefix: byKindAndDate.prefix({ kind }), counter: kind })) as Page<MoneyRecord & { readonly kind: K }>;
}

export async function listMoney(kind: MoneyKind, businessId: Id, page: PageRequest): Promise<Page<MoneyResource>> {
  const result = await pageOfMoney(kind, businessId, page);
  return { ...result, items: result.items.map(toMoneyResource) };
}

