import * as v from 'valibot';
import { createdAction } from '../platform/trail/actions.ts';
import { recordKey } from '../platform/db/keys.ts';
import { NotFound, RuleViolation, StateConflict, type FieldProblem } from '../platform/core/errors.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { MAX_AMOUNT_TEXT, toMinor, withinLimit } from '../platform/core/money.ts';
import { Amount, CalendarDate, CurrencyCode, ExchangeRateInput, IdRef, Text } from '../platform/core/fields.ts';
import { addDocumentCreate, cashAccountProblem, DOCUMENT_SPECS, documentJournalLines, documentRate, event, formatNumber, post, toDocumentResource } from '../ledger/index.ts';
import type { AccountRecord, DocumentRecord, DocumentResource, MoneyLink, Rate } from '../ledger/index.ts';
import { allocateCredit } from './credit-allocations.ts';
import { moneyStore } from './records.ts';

type CreditAllocationInput = Parameters<typeof allocateCredit>[3];

/** The two credit documents that hold money: a customer's (in) and a vendor's (out). */
export type PrepaymentType = 'prepayment' | 'vendor_prepayment';

/** Which prepayment type holds a receipt's or a payment's left-over money. */
export const PREPAYMENT_OF = { receipt: 'prepayment', payment: 'vendor_prepayment' } as const satisfies Record<MoneyLink['type'], PrepaymentType>;

export const PrepaymentCreate = v.strictObject({
  party_id: v.pipe(IdRef, v.description('The customer (POST /prepayments) or vendor (POST /vendor-prepayments).')),
  date: CalendarDate,
  payment_account_id: v.pipe(IdRef, v.description('The bank or cash account the money moved through.')),
  amount: v.pipe(Amount, v.check((amount) => amount > 0, 'must be greater than zero')),
  currency: v.optional(v.pipe(CurrencyCode, v.description("Default: the account's currency, which it must be."))),
  exchange_rate: v.optional(ExchangeRateInput),
  reference: v.optional(Text(100)),
  note: v.optional(Text(2000)),
});

export type PrepaymentInput = v.InferOutput<typeof PrepaymentCreate>;

interface CreditFields {
  readonly type: PrepaymentType;
  readonly id: Id;
  readonly no: string;
  readonly sequence: number;
  readonly partyId: Id;
  readonly date: string;
  readonly currency: string;
  readonly rate: Rate;
  readonly amount: number;
  readonly paymentAccountId: Id;
  readonly reference: string | null;
  readonly note: string | null;
  readonly journalEntryId: Id | null;
  readonly fromMoney: MoneyLink | null;
  readonly now: string;
}

/** The credit document of money not (yet) applied: no lines, its whole total open as the party's credit. */
export function creditDocument(fields: CreditFields): DocumentRecord {
  return {
    id: fields.id,
    type: fields.type,
    no: fields.no,
    sequence: fields.sequence,
    party_id: fields.partyId,
    date: fields.date,
    due_date: null,
    currency: fields.currency,
    exchange_rate: fields.rate,
    reference: fields.reference,
    note: fields.note,
    lines: [],
    subtotal: fields.amount,
    tax_total: 0,
    total: fields.amount,
    amount_paid: 0,
    amount_credited: 0,
    amount_allocated: 0,
    payment_account_id: fields.paymentAccountId,
    journal_entry_id: fields.journalEntryId,
    from_money: fields.fromMoney,
    voided_at: null,
    created_at: fields.now,
    updated_at: fields.now,
  };
}

/**
 * Records money received from a customer (`prepayment`) or paid to a vendor (`vendor_prepayment`) before any
 * invoice or bill, through the one posting path: numbered in the one `PP-` series both sides share, its entry
 * (the cash-flow account against receivables or payables, under the party) and its created event. What it holds
 * is the party's credit until applied (`allocateCredit`), like a credit note's.
 */
export async function recordPrepayment<T extends PrepaymentType>(type: T, businessId: Id, input: PrepaymentInput, scope?: { route: string; key: string }): Promise<DocumentResource<T>> {
  const spec = DOCUMENT_SPECS[type];
  const partyKey = recordKey(businessId, spec.party === 'customer' ? 'CUSTOMER' : 'VENDOR', input.party_id);
  const accountKey = recordKey(businessId, 'ACCOUNT', input.payment_account_id);
  const posted = await post({
    businessId,
    series: { kind: 'DOC', name: spec.series },
    idempotency: { scope, body: input },
    reads: [partyKey, accountKey],
    decide: async ({ read, number, home, now }) => {
      const problems: FieldProblem[] = [];
      if (!read(partyKey)) problems.push({ field: 'party_id', message: `is not a ${spec.party} of this business` });
      const account = read(accountKey) as AccountRecord | undefined;
      const currency = input.currency ?? account?.currency ?? undefined;
      const accountProblem = cashAccountProblem(account, currency);
      if (accountProblem) problems.push(accountProblem);
      const amount = currency ? toMinor(input.amount, currency) : null;
      if (currency && amount === null) problems.push({ field: 'amount', message: `must have at most the minor digits of ${currency}` });
      else if (amount !== null && currency && !withinLimit(amount, currency)) problems.push({ field: 'amount', message: `must be at most ${MAX_AMOUNT_TEXT}` });
      if (problems.length > 0 || !currency || amount === null) throw new RuleViolation(problems);
      const rate = await home.rate(currency, input.date, input.exchange_rate);
      const document = creditDocument({ type, id: newId(), no: formatNumber(spec.prefix, number!), sequence: number!, partyId: input.party_id, date: input.date, currency, rate, amount, paymentAccountId: input.payment_account_id, reference: input.reference ?? null, note: input.note ?? null, journalEntryId: newId(), fromMoney: null, now });
      const resource = toDocumentResource(document) as DocumentResource<T>;
      return {
        guards: [{ field: 'date', date: document.date }],
        records: (tx) => {
          addDocumentCreate(tx, businessId, document, home.currency);
          tx.check(`${spec.party}:exists`, partyKey, { expression: 'attribute_exists(pk)' });
        },
        entries: [{ id: document.journal_entry_id!, document_id: document.id, document_type: type, document_no: document.no, party: { kind: spec.party, id: document.party_id }, date: document.date, currency, exchange_rate: documentRate(document), lines: documentJournalLines(businessId, document), reverses: null }],
        events: [event(spec.created, resource)],
        audit: createdAction(type, resource),
        result: resource,
      };
    },
  });
  return posted.result;
}

/**
 * Applies what a receipt (payment) left over to the same party's invoices (bills) later, as a credit note's credit
 * is (`POST /receipts/{id}/allocations`): the overpayment it holds is the credit applied. 409 for money voided or
 * that left nothing over.
 */
export async function applyMoneyCredit<K extends MoneyLink['type']>(kind: K, businessId: Id, moneyId: Id, input: CreditAllocationInput) {
  const stored = await moneyStore.get(businessId, moneyId);
  if (!stored || stored.record.kind !== kind) throw new NotFound(kind);
  const money = stored.record;
  if (money.voided_at) throw new StateConflict(`This ${kind} is voided.`);
  if (!money.overpayment_id) throw new StateConflict(`This ${kind} held nothing beyond its allocations: there is no credit of it to apply.`);
  return allocateCredit(PREPAYMENT_OF[kind] as (typeof PREPAYMENT_OF)[K], businessId, money.overpayment_id, input);
}
