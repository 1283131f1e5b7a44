import * as v from 'valibot';
import { changedAction, createdAction, recordRef } from '../platform/trail/actions.ts';
import { recordKey } from '../platform/db/keys.ts';
import { NotFound, RuleViolation, StateConflict, type FieldProblem } from '../platform/core/errors.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import type { PageRequest } from '../platform/core/paging.ts';
import { toMajor, toMinor } from '../platform/core/money.ts';
import { Amount, CalendarDate, ExchangeRateInput, ExchangeRateOutput, IdRef, ResourceId, Text, Timestamp } from '../platform/core/fields.ts';
import { addDocumentReplace, baseSettledWithout, cashAccountProblem, documentStore, event, formatNumber, post, refundLines, reversalOfStored, settledInHome, settlementRelief, voidDateOf, withoutSettlement, withSettlement } from '../ledger/index.ts';
import type { AccountRecord, DocumentRecord, DocumentType, VoidInput } from '../ledger/index.ts';
import { isRefund, moneyFields, moneyOf, moneyStore, pageOfMoney, toMoneyResource, type MoneyKind, type MoneyRecord, type RefundKind } from './records.ts';

/**
 * What a refund's `source` may name on each side, and which credit document holds the credit behind it: a credit
 * note's (vendor credit's) own, a prepayment's own, a receipt's (payment's) overpayment.
 */
const REFUND_SIDES = {
  refund: { party: 'customer', label: 'Refund', prefix: 'RF', created: 'refund.created', voided: 'refund.voided', sources: { credit_note_id: 'credit_note', prepayment_id: 'prepayment', receipt_id: 'receipt' } },
  vendor_refund: { party: 'vendor', label: 'Vendor refund', prefix: 'RF', created: 'vendor_refund.created', voided: 'vendor_refund.voided', sources: { vendor_credit_id: 'vendor_credit', vendor_prepayment_id: 'vendor_prepayment', payment_id: 'payment' } },
} as const;

const exactlyOne = (source: Readonly<Record<string, unknown>>) => Object.values(source).filter((value) => value !== undefined).length === 1;

/** What a refund's `source` says of itself: exactly one record whose credit it refunds. */
const sourceText = (fields: string) => ({ one: `must name exactly one of ${fields}`, about: `The credit refunded: exactly one of ${fields} (a receipt's or payment's: what it held beyond its allocations).` });
const customerSource = sourceText('credit_note_id, prepayment_id, receipt_id');
const vendorSource = sourceText('vendor_credit_id, vendor_prepayment_id, payment_id');

const refundFields = (party: string) => ({
  party_id: v.pipe(IdRef, v.description(`The ${party} the money goes back to (or comes back from).`)),
  payment_account_id: v.pipe(IdRef, v.description("The bank or cash account the money moves through, in the credit's currency.")),
  date: CalendarDate,
  amount: v.pipe(Amount, v.check((amount: number) => amount > 0, 'must be greater than zero')),
  exchange_rate: v.optional(ExchangeRateInput),
  reference: v.optional(Text(100)),
});

export const RefundCreate = v.strictObject({
  ...refundFields('customer'),
  source: v.pipe(v.strictObject({ credit_note_id: v.optional(IdRef), prepayment_id: v.optional(IdRef), receipt_id: v.optional(IdRef) }), v.check(exactlyOne, customerSource.one), v.description(customerSource.about)),
});
export const VendorRefundCreate = v.strictObject({
  ...refundFields('vendor'),
  source: v.pipe(v.strictObject({ vendor_credit_id: v.optional(IdRef), vendor_prepayment_id: v.optional(IdRef), payment_id: v.optional(IdRef) }), v.check(exactlyOne, vendorSource.one), v.description(vendorSource.about)),
});
type RefundInput = v.InferOutput<typeof RefundCreate> | v.InferOutput<typeof VendorRefundCreate>;

const refundResource = (label: string, party: string) =>
  v.object({
    id: ResourceId,
    no: v.pipe(v.string(), v.description('RF-00001: one series for both sides.')),
    type: v.literal(label),
    party_id: v.pipe(ResourceId, v.description(`The ${party}.`)),
    source: v.pipe(v.object({ type: v.string(), id: ResourceId, no: v.string() }), v.description('The record whose credit it refunds, as the request named it.')),
    credit_document_id: v.pipe(ResourceId, v.description("The credit document it relieved: the credit note's, the prepayment's, or the receipt's overpayment.")),
    date: CalendarDate,
    payment_account_id: ResourceId,
    amount: v.number(),
    currency: v.string(),
    exchange_rate: ExchangeRateOutput,
    reference: v.nullable(v.string()),
    status: v.picklist(['Posted', 'Voided']),
    journal_entry_id: ResourceId,
    voided_at: v.nullable(Timestamp),
    void_date: v.pipe(v.nullable(CalendarDate), v.description("The day the void's reversal is booked (null while not voided).")),
    created_at: Timestamp,
  });

export const Refund = refundResource('Refund', 'customer');
export const VendorRefund = refundResource('Vendor refund', 'vendor');

export function toRefundResource(money: MoneyRecord & { readonly kind: RefundKind }) {
  const allocation = money.allocations[0]!;
  return {
    id: money.id,
    no: money.no,
    type: REFUND_SIDES[money.kind].label,
    source: money.refund_of ?? { type: 'unknown', id: allocation.document_id, no: '' },
    credit_document_id: allocation.document_id,
    journal_entry_id: money.journal_entry_id,
    ...moneyFields(money),
  };
}

/** Any money record as its own routes show it: a refund's resource, or a receipt's or payment's. */
export function describeMoney(money: MoneyRecord) {
  return isRefund(money.kind) ? toRefundResource(money as MoneyRecord & { readonly kind: RefundKind }) : toMoneyResource(money as MoneyRecord & { readonly kind: MoneyKind });
}

type RefundSource = { readonly type: string; readonly id: Id; readonly no: string; readonly creditId: Id };

/** The credit document behind the source named: its own id, or a receipt's (payment's) overpayment. */
async function sourceOf(kind: RefundKind, businessId: Id, source: Readonly<Record<string, Id | undefined>>): Promise<RefundSource> {
  const sources: Record<string, DocumentType | 'receipt' | 'payment'> = REFUND_SIDES[kind].sources;
  const [field, id] = Object.entries(source).find(([, value]) => value !== undefined) as [string, Id];
  const type = sources[field]!;
  if (type === 'receipt' || type === 'payment') {
    const money = await moneyOf(type, businessId, id);
    if (!money.overpayment_id) throw RuleViolation.of(`source.${field}`, `held nothing beyond its allocations: there is no credit of it to refund`);
    return { type, id, no: money.no, creditId: money.overpayment_id };
  }
  const document = await documentStore.get(businessId, id);
  if (!document || document.record.type !== type) throw new NotFound(type.replace('_', ' '));
  return { type, id, no: document.record.no, creditId: id };
}

/**
 * Money back to a customer (or from a vendor) out of its unapplied credit, through the one posting path: numbered
 * `RF-`, its entry the cash-flow account against receivables (payables) under the party, the credit document
 * relieved of it at the credit's own rate (the two rates' difference realized, as an allocation's is), its event.
 * A refund is money: listed with its kind, matched to a bank line by its id, voided like a receipt.
 */
export async function recordRefund<K extends RefundKind>(kind: K, businessId: Id, input: RefundInput, scope?: { route: string; key: string }) {
  const side = REFUND_SIDES[kind];
  const source = await sourceOf(kind, businessId, input.source as Readonly<Record<string, Id | undefined>>);
  const creditKey = documentStore.keyOf(businessId, source.creditId);
  const accountKey = recordKey(businessId, 'ACCOUNT', input.payment_account_id);
  const posted = await post({
    businessId,
    series: { kind: 'MONEY', name: 'refund' },
    idempotency: { scope, body: input },
    reads: [creditKey, accountKey],
    decide: async ({ read, number, home, now }) => {
      const stored = documentStore.fromItem(read(creditKey));
      if (!stored) throw new NotFound('credit');
      const credit: DocumentRecord = stored.record;
      if (credit.voided_at) throw new StateConflict(`${credit.no} is voided: it holds no credit to refund.`);
      const problems: FieldProblem[] = [];
      if (credit.party_id !== input.party_id) problems.push({ field: 'party_id', message: `is not the ${side.party} of ${source.no}` });
      const account = read(accountKey) as AccountRecord | undefined;
      const accountProblem = cashAccountProblem(account, credit.currency);
      if (accountProblem) problems.push(accountProblem);
      const amount = toMinor(input.amount, credit.currency);
      const remaining = credit.total - credit.amount_allocated;
      if (amount === null) problems.push({ field: 'amount', message: `must have at most the minor digits of ${credit.currency}` });
      else if (amount > remaining) problems.push({ field: 'amount', message: `exceeds the unapplied credit of ${toMajor(remaining, credit.currency)}` });
      if (input.date < credit.date) problems.push({ field: 'date', message: `must be on or after ${credit.date}, the date of ${credit.no}` });
      if (problems.length > 0 || amount === null) throw new RuleViolation(problems);
      const rate = await home.rate(credit.currency, input.date, input.exchange_rate);
      const creditIn = settledInHome(credit, home.currency);
      const relief = settlementRelief(creditIn, credit.amount_allocated + amount, home.currency);
      const money: MoneyRecord & { readonly kind: K } = {
        id: newId(),
        kind,
        no: formatNumber(side.prefix, number!),
        sequence: number!,
        party_id: input.party_id,
        date: input.date,
        payment_account_id: input.payment_account_id,
        currency: credit.currency,
        exchange_rate: rate,
        reference: input.reference ?? null,
        note: null,
        allocations: [{ document_id: credit.id, amount, base_amount: relief }],
        amount,
        refund_of: { type: source.type, id: source.id, no: source.no },
        journal_entry_id: newId(),
        voided_at: null,
        created_at: now,
        updated_at: now,
      };
      const creditAfter = { ...credit, amount_allocated: credit.amount_allocated + amount, base_settled: creditIn.baseSettled + relief, ...withSettlement(credit, { id: money.id, kind, no: money.no, date: money.date, amount }), updated_at: now };
      const resource = toRefundResource(money);
      return {
        guards: [{ field: 'date', date: money.date }],
        records: (tx) => {
          moneyStore.addCreate(tx, businessId, money);
          addDocumentReplace(tx, businessId, stored, creditAfter, { on: money.date, source: money.id, homeCurrency: home.currency });
        },
        entries: [{ id: money.journal_entry_id, document_id: money.id, document_type: kind, document_no: money.no, party: { kind: side.party, id: money.party_id }, date: money.date, currency: money.currency, exchange_rate: rate, lines: refundLines(side.party, businessId, money.payment_account_id, amount, relief), reverses: null }],
        events: [event(side.created, resource)],
        audit: createdAction(kind, resource, [recordRef(credit.type, credit)]),
        result: resource,
      };
    },
  });
  return posted.result;
}

/** Voids a refund: its entry reversed on the void date, its credit given back to the credit document. */
export async function voidRefund<K extends RefundKind>(kind: K, businessId: Id, id: Id, input?: VoidInput) {
  const side = REFUND_SIDES[kind];
  const posted = await post({
    businessId,
    reads: [moneyStore.keyOf(businessId, id)],
    decide: async ({ read, home, now }) => {
      const stored = moneyStore.fromItem(read(moneyStore.keyOf(businessId, id)));
      if (!stored || stored.record.kind !== kind) throw new NotFound(side.label.toLowerCase());
      const money = stored.record as MoneyRecord & { readonly kind: K };
      if (money.voided_at) throw new StateConflict(`This ${side.label.toLowerCase()} is already voided.`);
      const voidDate = voidDateOf(money.date, input);
      const allocation = money.allocations[0]!;
      const [reversal, credit] = await Promise.all([reversalOfStored(businessId, money.journal_entry_id, money.no, voidDate, home.currency), documentStore.get(businessId, allocation.document_id)]);
      if (!credit) throw new Error(`${money.no} refunds a missing document ${allocation.document_id}`);
      const voided = { ...money, voided_at: now, void_date: voidDate, updated_at: now };
      const resource = toRefundResource(voided);
      return {
        guards: [{ field: 'date', date: money.date }],
        records: (tx) => {
          moneyStore.addReplace(tx, businessId, voided, stored.version);
          addDocumentReplace(tx, businessId, credit, { ...credit.record, amount_allocated: credit.record.amount_allocated - allocation.amount, ...baseSettledWithout(credit.record, allocation.amount, allocation.base_amount, home.currency), ...withoutSettlement(credit.record, money.id), updated_at: now }, { on: voidDate, source: money.id, homeCurrency: home.currency, undoing: money.date });
        },
        entries: [reversal],
        events: [event(side.voided, resource)],
        audit: changedAction('voided', kind, toRefundResource(money), resource, [recordRef(credit.record.type, credit.record)]),
        result: resource,
      };
    },
  });
  return posted.result;
}

export async function getRefund<K extends RefundKind>(kind: K, businessId: Id, id: Id) {
  return toRefundResource(await moneyOf(kind, businessId, id));
}

/** One side's refunds by date, then number, about a page read per page. */
export async function listRefunds<K extends RefundKind>(kind: K, businessId: Id, page: PageRequest) {
  const result = await pageOfMoney(kind, businessId, page);
  return { ...result, items: result.items.map(toRefundResource) };
}
