import { recordKey } from '../db/keys.ts';
import { emit } from '../events/emit.ts';
import { batchGet, type Item } from '../db/query.ts';
import { idempotency } from '../db/idempotency.ts';
import { retryOnConflict, WriteTransaction } from '../db/transaction.ts';
import { addDocumentReplace, asDocumentOf, documentStore, toDocumentResource, type DocumentRecord } from '../documents/records.ts';
import { NotFound, RuleViolation, StateConflict, type FieldProblem } from '../domain/errors.ts';
import { formatNumber } from '../domain/documents.ts';
import { newId, type Id } from '../domain/ids.ts';
import { systemAccountId, type JournalLine } from '../domain/ledger.ts';
import { MAX_AMOUNT_TEXT, withinLimit } from '../domain/money.ts';
import { checkAllocations, figuresOf } from '../domain/allocations.ts';
import { cashAccountProblem } from '../domain/cash-accounts.ts';
import { crossesIntoClosed } from '../domain/settlement.ts';
import type { EventName } from '../../events/catalogue.ts';
import type { AccountRecord } from '../ledger/accounts.ts';
import { addJournalEntry, addReversal, journalStore } from '../ledger/journal.ts';
import { postNumbered } from '../documents/numbering.ts';
import type { MoneyInput } from './schemas.ts';
import { moneyStore, toMoneyResource, type MoneyKind, type MoneyRecord, type MoneyResource } from './records.ts';

export { getMoney, listMoney, moneyStore, toMoneyResource, type MoneyKind, type MoneyRecord, type MoneyResource } from './records.ts';

/** What differs between money received and money paid; everything else is one producer. */
const MONEY_SPECS = {
  receipt: { label: 'Receipt', prefix: 'RCT', partyKind: 'CUSTOMER', target: 'invoice', targetLabel: 'an invoice', created: 'receipt.created', voided: 'receipt.voided', paid: 'invoice.paid', counterpart: 'accounts_receivable' },
  payment: { label: 'Payment', prefix: 'PAY', partyKind: 'VENDOR', target: 'bill', targetLabel: 'a bill', created: 'payment.created', voided: 'payment.voided', paid: 'bill.paid', counterpart: 'accounts_payable' },
} as const satisfies Record<MoneyKind, { label: string; prefix: string; partyKind: 'CUSTOMER' | 'VENDOR'; target: 'invoice' | 'bill'; targetLabel: string; created: EventName; voided: EventName; paid: EventName; counterpart: 'accounts_receivable' | 'accounts_payable' }>;

interface IdempotencyOptions {
  /** The route the key is scoped to, such as `receipts.create`. */
  readonly route: string;
  readonly key: string;
}

interface Decided {
  readonly money: MoneyRecord;
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

  const now = new Date().toISOString();
  const sequence = lastNumber + 1;
  const money: MoneyRecord = {
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
    amount: targets.reduce((sum, target) => sum + target.amount, 0),
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
        settled_by: [...(target.before.settled_by ?? []), { id: money.id, kind, no: money.no, date: money.date, amount: target.amount }],
        updated_at: now,
      },
    })),
  };
}

function journalLines(kind: MoneyKind, businessId: Id, money: MoneyRecord): JournalLine[] {
  const counterpart = systemAccountId(businessId, MONEY_SPECS[kind].counterpart);
  return kind === 'receipt'
    ? [{ account_id: money.payment_account_id, debit: money.amount, credit: 0 }, { account_id: counterpart, debit: 0, credit: money.amount }]
    : [{ account_id: counterpart, debit: money.amount, credit: 0 }, { account_id: money.payment_account_id, debit: 0, credit: money.amount }];
}

/**
 * The one producer of money documents, used by POST /receipts and /payments (and by the payout rail). One read
 * round trip (BatchGetItem: party, account, number series, every target, the idempotency record) and one write
 * (TransactWriteItems: the document and its number, the journal entry, every target's new balance conditioned
 * on the version read, the created event, a paid event for each target crossing into Paid or Settled here, and
 * the idempotency record holding the answer). A lost race starts again from a fresh read, in the number series'
 * queue when receipts contend (`postNumbered`).
 */
export async function recordMoney(kind: MoneyKind, businessId: Id, input: MoneyInput, scope?: IdempotencyOptions): Promise<{ resource: MoneyResource; replayed: boolean }> {
  const spec = MONEY_SPECS[kind];
  const once = idempotency(businessId, scope, input);
  return postNumbered(businessId, 'MONEY', kind, async (turn) => {
    const read = await batchGet([
      recordKey(businessId, spec.partyKind, input.party_id),
      recordKey(businessId, 'ACCOUNT', input.payment_account_id),
      ...turn.readKeys,
      ...input.allocations.map((allocation) => recordKey(businessId, 'DOC', allocation.document_id)),
      ...(once.key ? [once.key] : []),
    ]);
    const replayed = once.replay<MoneyResource>(read);
    if (replayed) return { resource: replayed, replayed: true };
    const { money, targets } = decide(kind, businessId, input, read, turn.lastOf(read));

    const tx = new WriteTransaction();
    turn.addNext(tx, money.sequence - 1);
    moneyStore.addCreate(tx, businessId, money);
    addJournalEntry(tx, businessId, { id: money.journal_entry_id, document_id: money.id, document_type: kind, document_no: money.no, date: money.date, currency: money.currency, lines: journalLines(kind, businessId, money), reverses: null });
    for (const target of targets) addDocumentReplace(tx, businessId, { record: target.before, version: target.version }, target.after);
    const resource = toMoneyResource(money);
    emit(tx, businessId, spec.created, resource);
    for (const target of targets) {
      if (crossesIntoClosed(figuresOf(target.before), figuresOf(target.after))) emit(tx, businessId, spec.paid, toDocumentResource(asDocumentOf(spec.target, target.after)));
    }
    once.record(tx, resource);
    await once.commit(tx);
    return { resource, replayed: false };
  });
}

/** Voids a receipt or payment: its entry reversed, every target reopened by its amount, its voided event. */
export async function voidMoney(kind: MoneyKind, businessId: Id, id: Id): Promise<MoneyResource> {
  const spec = MONEY_SPECS[kind];
  return retryOnConflict(async () => {
    const stored = await moneyStore.get(businessId, id);
    if (!stored || stored.record.kind !== kind) throw new NotFound(kind);
    const money = stored.record;
    if (money.voided_at) throw new StateConflict(`This ${kind} is already voided.`);
    const [entry, ...targets] = await Promise.all([journalStore.get(businessId, money.journal_entry_id), ...money.allocations.map((allocation) => documentStore.get(businessId, allocation.document_id))]);
    if (!entry) throw new Error(`Journal entry of ${money.no} is missing`);
    const now = new Date().toISOString();
    const voided: MoneyRecord = { ...money, voided_at: now, updated_at: now };
    const tx = new WriteTransaction();
    moneyStore.addReplace(tx, businessId, voided, stored.version);
    addReversal(tx, businessId, entry.record, now.slice(0, 10));
    money.allocations.forEach((allocation, index) => {
      const target = targets[index];
      if (!target) throw new Error(`${money.no} settles a missing document ${allocation.document_id}`);
      const settledBy = target.record.settled_by?.filter((settlement) => settlement.id !== money.id);
      addDocumentReplace(tx, businessId, target, { ...target.record, amount_paid: target.record.amount_paid - allocation.amount, ...(settledBy ? { settled_by: settledBy } : {}), updated_at: now });
    });
    const resource = toMoneyResource(voided);
    emit(tx, businessId, spec.voided, resource);
    await tx.commit();
    return resource;
  });
}

