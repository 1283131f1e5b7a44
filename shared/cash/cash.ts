import { changedAction, createdAction, recordRef } from '../platform/trail/actions.ts';
import { recordKey, type Key } from '../platform/db/keys.ts';
import type { WriteTransaction } from '../platform/db/transaction.ts';
import type { Item } from '../platform/db/query.ts';
import { addDocumentCreate, addDocumentReplace, asDocumentOf, baseSettledWithout, cashAccountProblem, crossesIntoClosed, DOCUMENT_SPECS, documentStore, event, figuresOf, formatNumber, moneyLines, post, reversalOfStored, settledAmount, settledInHome, settlementRelief, toDocumentResource, totalInHome, voidDateOf, withoutSettlement, withSettlement } from '../ledger/index.ts';
import type { AccountRecord, DocumentRecord, PostingEvent, Rate, VoidInput } from '../ledger/index.ts';
import { NotFound, RuleViolation, StateConflict, type FieldProblem } from '../platform/core/errors.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { MAX_AMOUNT_TEXT, toMajor, toMinor, withinLimit } from '../platform/core/money.ts';
import { creditDocument, PREPAYMENT_OF } from './prepayments.ts';
import { checkAllocations } from './allocations.ts';
import type { EventName } from '../../events/catalogue.ts';
import type { MoneyInput } from './schemas.ts';
import { moneyStore, toMoneyResource, type MoneyKind, type MoneyRecord, type MoneyResource } from './records.ts';

export { getMoney, listMoney, moneyStore, toMoneyResource, type MoneyKind, type MoneyRecord, type MoneyResource } from './records.ts';

/** What differs between money received and money paid; everything else is one producer. */
const MONEY_SPECS = {
  receipt: { label: 'Receipt', prefix: 'RCT', partyKind: 'CUSTOMER', target: 'invoice', targetLabel: 'an invoice', created: 'receipt.created', voided: 'receipt.voided', paid: 'invoice.paid' },
  payment: { label: 'Payment', prefix: 'PAY', partyKind: 'VENDOR', target: 'bill', targetLabel: 'a bill', created: 'payment.created', voided: 'payment.voided', paid: 'bill.paid' },
} as const satisfies Record<MoneyKind, { label: string; prefix: string; partyKind: 'CUSTOMER' | 'VENDOR'; target: 'invoice' | 'bill'; targetLabel: string; created: EventName; voided: EventName; paid: EventName }>;

interface IdempotencyOptions {
  /** The route the key is scoped to, such as `receipts.create`. */
  readonly route: string;
  readonly key: string;
}

/** A receipt's or payment's record (the store also holds refunds). */
type ReceiptOrPayment = MoneyRecord & { readonly kind: MoneyKind };

interface Decided {
  readonly money: ReceiptOrPayment;
  readonly targets: readonly { readonly before: DocumentRecord; readonly after: DocumentRecord; readonly version: number }[];
}

/** Every rule of spec 4.5 and api.md, decided on one consistent read; all 400 problems are reported together. */
function decide(kind: MoneyKind, businessId: Id, input: MoneyInput, read: (key: { pk: string; sk: string }) => Item | undefined, lastNumber: number): Decided {
  const spec = MONEY_SPECS[kind];
  const problems: FieldProblem[] = [];
  const party = read(recordKey(businessId, spec.partyKind, input.party_id));
  if (!party) problems.push({ field: 'party_id', message: 'does not exist' });
  const account = read(recordKey(businessId, 'ACCOUNT', input.payment_account_id)) as AccountRecord | undefined;
  const notCashFlow = cashAccountProblem(account, undefined);
  if (notCashFlow) problems.push(notCashFlow);

  const versions = new Map<Id, number>();
  const checked = checkAllocations(
    input.allocations,
    (id) => {
      const item = read(recordKey(businessId, 'DOC', id));
      if (item) versions.set(id, Number(item.version));
      return item as unknown as DocumentRecord | undefined;
    },
    {
      targetType: spec.target,
      targetLabel: spec.targetLabel,
      partyId: input.party_id,
      otherPartyMessage: 'belongs to another party',
      currency: input.currency,
      currencyMessage: (documentCurrency, expected) => `is in ${documentCurrency}, not ${expected}`,
      amountCurrency: (document) => document.currency,
    },
  );
  problems.push(...checked.problems);
  const currency = checked.currency;
  const targets = checked.targets.map((target) => ({ before: target.document, version: versions.get(target.document.id)!, amount: target.amount }));
  // The account's currency is checked once the documents have told the currency.
  const otherCurrency = !notCashFlow && currency ? cashAccountProblem(account, currency) : null;
  if (otherCurrency) problems.push(otherCurrency);
  if (problems.length > 0) throw new RuleViolation(problems);
  const total = targets.reduce((sum, target) => sum + target.amount, 0);
  if (currency && !withinLimit(total, currency)) throw RuleViolation.of('allocations', `must add up to at most ${MAX_AMOUNT_TEXT}`);
  const received = moneyReceived(input.amount, total, currency as string);

  const now = new Date().toISOString();
  const sequence = lastNumber + 1;
  const money: ReceiptOrPayment = {
    id: newId(),
    kind,
    no: formatNumber(spec.prefix, sequence),
    sequence,
    party_id: input.party_id,
    date: input.date,
    payment_account_id: input.payment_account_id,
    currency: currency as string,
    reference: input.reference ?? null,
    note: input.note ?? null,
    allocations: targets.map((target) => ({ document_id: target.before.id, amount: target.amount })),
    amount: received,
    unapplied_amount: received - total,
    overpayment_id: received > total ? newId() : null,
    journal_entry_id: newId(),
    voided_at: null,
    created_at: now,
    updated_at: now,
  };
  return {
    money,
    targets: targets.map((target) => ({ before: target.before, version: target.version, after: {
        ...target.before,
        amount_paid: target.before.amount_paid + target.amount,
        ...withSettlement(target.before, { id: money.id, kind, no: money.no, date: money.date, amount: target.amount }),
        updated_at: now,
      },
    })),
  };
}

/**
 * What the money moved: `amount` when sent (at least what it allocates, api.md "Customer credit"), else the sum of
 * its allocations. What it holds beyond them becomes the party's credit.
 */
function moneyReceived(amount: number | undefined, allocated: number, currency: string): number {
  if (amount === undefined) return allocated;
  const received = toMinor(amount, currency);
  if (received === null) throw RuleViolation.of('amount', `must have at most the minor digits of ${currency}`);
  if (received < allocated) throw RuleViolation.of('amount', `must be at least the allocations' sum of ${toMajor(allocated, currency)}`);
  if (!withinLimit(received, currency)) throw RuleViolation.of('amount', `must be at most ${MAX_AMOUNT_TEXT}`);
  return received;
}

/**
 * The credit document holding what a receipt or payment left over beyond its allocations: numbered as the money is
 * (it takes no number of its own), at the money's rate, posting nothing itself (the money's entry credits
 * receivables, or debits payables, with it), voided with the money.
 */
function overpaymentOf(money: ReceiptOrPayment, rate: Rate): DocumentRecord | undefined {
  if (!money.overpayment_id) return undefined;
  const fromMoney = { type: money.kind, id: money.id, no: money.no };
  return creditDocument({ type: PREPAYMENT_OF[money.kind], id: money.overpayment_id, no: money.no, sequence: money.sequence, partyId: money.party_id, date: money.date, currency: money.currency, rate, amount: money.unapplied_amount ?? 0, paymentAccountId: money.payment_account_id, reference: money.reference, note: null, journalEntryId: null, fromMoney, now: money.created_at });
}

/**
 * The money at its rate, each allocation with the home amount it relieves of its document (at the document's own
 * rate), and each target's settled home amount moved by it. What the cash is worth at the money's rate less what
 * it relieves is the realized gain or loss the posting path books.
 */
function settledInHomeCurrency(decided: Decided, rate: Rate, homeCurrency: string): Decided {
  const reliefs = decided.targets.map((target) => settlementRelief(settledInHome(target.before, homeCurrency), settledAmount(target.after), homeCurrency));
  return {
    money: { ...decided.money, exchange_rate: rate, allocations: decided.money.allocations.map((allocation, index) => ({ ...allocation, base_amount: reliefs[index]! })) },
    targets: decided.targets.map((target, index) => ({ ...target, after: { ...target.after, base_settled: settledInHome(target.before, homeCurrency).baseSettled + reliefs[index]! } })),
  };
}

/**
 * Money received or paid, used by POST /receipts and /payments (and by the payout rail), through the one posting
 * path: read with it (party, account, every target), decided by `decide`, written as the money document and its
 * number, its journal entry, every target's new balance conditioned on the version read, the created event and a
 * paid event for each target crossing into Paid or Settled here.
 */
/**
 * What else a receipt or payment does when it is recorded for something (a bank-feed line it explains): read with
 * it, decided on the money as decided, written in its transaction, the entry matched to it on the money's account.
 */
export interface MoneyLink<L> {
  readonly reads: readonly Key[];
  readonly decide: (read: (key: Key) => Item | undefined, money: MoneyRecord) => { readonly records: (tx: WriteTransaction) => void; readonly lineId: Id; readonly events: readonly PostingEvent[]; readonly result: L };
}

export async function recordMoney<L = never>(kind: MoneyKind, businessId: Id, input: MoneyInput, scope?: IdempotencyOptions, link?: MoneyLink<L>): Promise<{ resource: MoneyResource; replayed: boolean; linked?: L }> {
  const spec = MONEY_SPECS[kind];
  let linked: L | undefined;
  const posted = await post({
    businessId,
    series: { kind: 'MONEY', name: kind },
    idempotency: { scope, body: input },
    reads: [recordKey(businessId, spec.partyKind, input.party_id), recordKey(businessId, 'ACCOUNT', input.payment_account_id), ...input.allocations.map((allocation) => recordKey(businessId, 'DOC', allocation.document_id)), ...(link?.reads ?? [])],
    decide: async ({ read, number, home }) => {
      const decided = decide(kind, businessId, input, read, number! - 1);
      const rate = await home.rate(decided.money.currency, decided.money.date, input.exchange_rate);
      const { money, targets } = settledInHomeCurrency(decided, rate, home.currency);
      const overpayment = overpaymentOf(money, rate);
      // The credit it leaves is held in receivables (payables) at the money's own rate.
      const relieved = money.allocations.reduce((sum, allocation) => sum + (allocation.base_amount ?? 0), 0) + (overpayment ? totalInHome(overpayment, home.currency) : 0);
      const resource = toMoneyResource(money);
      const also = link?.decide(read, money);
      linked = also?.result;
      return {
        guards: [{ field: 'date', date: money.date }],
        records: (tx) => {
          moneyStore.addCreate(tx, businessId, money);
          for (const target of targets) addDocumentReplace(tx, businessId, { record: target.before, version: target.version }, target.after, { on: money.date, source: money.id, homeCurrency: home.currency });
          if (overpayment) addDocumentCreate(tx, businessId, overpayment, home.currency);
          also?.records(tx);
        },
        entries: [{ id: money.journal_entry_id, document_id: money.id, document_type: kind, document_no: money.no, party: { kind: spec.partyKind === 'CUSTOMER' ? 'customer' : 'vendor', id: money.party_id }, date: money.date, currency: money.currency, exchange_rate: rate, lines: moneyLines(kind, businessId, money.payment_account_id, money.amount, relieved), reverses: null, ...(also ? { bank_lines: { [money.payment_account_id]: also.lineId } } : {}) }],
        events: [
          event(spec.created, resource),
          ...targets.filter((target) => crossesIntoClosed(figuresOf(target.before), figuresOf(target.after))).map((target) => event(spec.paid, toDocumentResource(asDocumentOf(spec.target, target.after)))),
          ...(overpayment ? [event(DOCUMENT_SPECS[overpayment.type].created, toDocumentResource(overpayment))] : []),
          ...(also?.events ?? []),
        ],
        audit: createdAction(kind, resource, [...targets.map((target) => recordRef(target.after.type, target.after)), ...(overpayment ? [recordRef(overpayment.type, overpayment)] : [])]),
        result: resource,
      };
    },
  });
  return { resource: posted.result, replayed: posted.replayed, ...(linked === undefined ? {} : { linked }) };
}

/** Voids a receipt or payment: its entry reversed, every target reopened by its amount, its voided event. */
export async function voidMoney(kind: MoneyKind, businessId: Id, id: Id, input?: VoidInput): Promise<MoneyResource> {
  const spec = MONEY_SPECS[kind];
  const posted = await post({
    businessId,
    reads: [moneyStore.keyOf(businessId, id)],
    decide: async ({ read, home, now }) => {
      const stored = moneyStore.fromItem(read(moneyStore.keyOf(businessId, id)));
      if (!stored || stored.record.kind !== kind) throw new NotFound(kind);
      const money = stored.record as ReceiptOrPayment;
      if (money.voided_at) throw new StateConflict(`This ${kind} is already voided.`);
      const voidDate = voidDateOf(money.date, input);
      const [reversal, overpayment, ...targets] = await Promise.all([reversalOfStored(businessId, money.journal_entry_id, money.no, voidDate, home.currency), money.overpayment_id ? documentStore.get(businessId, money.overpayment_id) : undefined, ...money.allocations.map((allocation) => documentStore.get(businessId, allocation.document_id))]);
      if (overpayment && overpayment.record.amount_allocated > 0) throw new StateConflict(`This ${kind}'s unapplied amount is applied by live allocations (GET /${DOCUMENT_SPECS[overpayment.record.type].path}/${overpayment.record.id}/allocations); void those first.`);
      const voided: ReceiptOrPayment = { ...money, voided_at: now, void_date: voidDate, updated_at: now };
      const overpaymentVoided = overpayment ? { ...overpayment.record, voided_at: now, void_date: voidDate, updated_at: now } : undefined;
      const resource = toMoneyResource(voided);
      return {
        guards: [{ field: 'date', date: money.date }],
        records: (tx) => {
          moneyStore.addReplace(tx, businessId, voided, stored.version);
          money.allocations.forEach((allocation, index) => {
            const target = targets[index];
            if (!target) throw new Error(`${money.no} settles a missing document ${allocation.document_id}`);
            addDocumentReplace(tx, businessId, target, { ...target.record, amount_paid: target.record.amount_paid - allocation.amount, ...baseSettledWithout(target.record, allocation.amount, allocation.base_amount, home.currency), ...withoutSettlement(target.record, money.id), updated_at: now }, { on: voidDate, source: money.id, homeCurrency: home.currency, undoing: money.date });
          });
          // Its void is the overpayment's own, as a document's void is (the relief records' source, which the rebuild derives).
          if (overpayment && overpaymentVoided) addDocumentReplace(tx, businessId, overpayment, overpaymentVoided, { on: voidDate, source: overpayment.record.id, homeCurrency: home.currency });
        },
        entries: [reversal],
        events: [event(spec.voided, resource), ...(overpaymentVoided ? [event(DOCUMENT_SPECS[overpaymentVoided.type].voided, toDocumentResource(overpaymentVoided))] : [])],
        audit: changedAction('voided', kind, toMoneyResource(money), resource, [...targets, overpayment].flatMap((target) => (target ? [recordRef(target.record.type, target.record)] : []))),
        result: resource,
      };
    },
  });
  return posted.result;
}
