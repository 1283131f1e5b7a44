/**
 * Transfers between two of a business's cash-flow accounts (TR-00001): one entry, into one account and out of the
 * other, through the one posting path; each side is a posting on its account that a bank-feed line is matched to.
 */
import { changedAction, createdAction } from '../platform/trail/actions.ts';
import { collection } from '../platform/db/collection.ts';
import { DATED_COUNTS } from '../platform/db/dated-counts.ts';
import { facetKey } from '../platform/db/keys.ts';
import { transferLines } from './bank-reconciliation.ts';
import { accountStore, cashAccountProblem, formatNumber, post, rateNumber, reversalOfStored, shownVoidDate, voidDateOf } from '../ledger/index.ts';
import type { Rate, VoidInput } from '../ledger/index.ts';
import { RuleViolation, type FieldProblem } from '../platform/core/errors.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { MAX_AMOUNT_TEXT, toMajor, toMinor, withinLimit } from '../platform/core/money.ts';
import { NotFound, StateConflict } from '../platform/core/errors.ts';

export interface TransferRecord {
  readonly id: Id;
  readonly no: string;
  readonly sequence: number;
  readonly from_account_id: Id;
  readonly to_account_id: Id;
  readonly date: string;
  readonly amount: number;
  readonly currency: string;
  readonly exchange_rate: Rate;
  readonly reference: string | null;
  readonly journal_entry_id: Id;
  /** When it was voided (absent while it stands), and the day its reversal is booked. */
  readonly voided_at?: string | null;
  readonly void_date?: string;
  readonly created_at: string;
}

const byDate = facetKey<TransferRecord, ['date', 'sequence']>('DATE', ['date', 'sequence'], { sequence: (value) => String(value).padStart(12, '0') });

export const transferStore = collection<TransferRecord>({ kind: 'TRANSFER', order: byDate, dated: { index: 'lsi1', prefix: () => byDate.prefix({}), date: (transfer) => transfer.date, counts: DATED_COUNTS } });

export function toTransferResource(transfer: TransferRecord) {
  const { sequence: _sequence, ...shown } = transfer;
  const voided = { voided_at: transfer.voided_at ?? null, void_date: transfer.void_date };
  return { ...shown, amount: toMajor(transfer.amount, transfer.currency), exchange_rate: rateNumber(transfer.exchange_rate), voided_at: voided.voided_at, void_date: shownVoidDate(voided) };
}

export interface TransferInput {
  readonly from_account_id: Id;
  readonly to_account_id: Id;
  readonly date: string;
  readonly amount: number;
  readonly exchange_rate?: number | undefined;
  readonly reference?: string | undefined;
}

/** The two accounts' problems: each a cash-flow account, not the same one, and of one currency. */
function transferProblems(from: Parameters<typeof cashAccountProblem>[0], to: Parameters<typeof cashAccountProblem>[0], input: TransferInput): FieldProblem[] {
  const problems = [cashAccountProblem(from, undefined, 'from_account_id'), cashAccountProblem(to, undefined, 'to_account_id')].filter((problem): problem is FieldProblem => problem !== null);
  if (problems.length > 0) return problems;
  if (input.from_account_id === input.to_account_id) return [{ field: 'to_account_id', message: 'must be another account than from_account_id' }];
  const currency = cashAccountProblem(to, from!.currency ?? undefined, 'to_account_id');
  return currency ? [{ field: 'to_account_id', message: `${currency.message}, the currency of from_account_id (a transfer moves one currency)` }] : [];
}

export async function createTransfer(businessId: Id, input: TransferInput, scope?: { route: string; key: string }) {
  const keys = [accountStore.keyOf(businessId, input.from_account_id), accountStore.keyOf(businessId, input.to_account_id)] as const;
  const posted = await post({
    businessId,
    series: { kind: 'TRANSFER', name: 'transfer' },
    idempotency: { scope, body: input },
    reads: keys,
    decide: async ({ read, number, home, now }) => {
      const [from, to] = keys.map((key) => accountStore.fromItem(read(key))?.record);
      const problems = transferProblems(from, to, input);
      if (problems.length > 0) throw new RuleViolation(problems);
      const currency = from!.currency!;
      const amount = toMinor(input.amount, currency);
      if (amount === null) throw RuleViolation.of('amount', `must have at most the minor digits of ${currency}`);
      if (!withinLimit(amount, currency)) throw RuleViolation.of('amount', `must be at most ${MAX_AMOUNT_TEXT}`);
      const rate = await home.rate(currency, input.date, input.exchange_rate);
      const transfer: TransferRecord = { id: newId(), no: formatNumber('TR', number!), sequence: number!, from_account_id: input.from_account_id, to_account_id: input.to_account_id, date: input.date, amount, currency, exchange_rate: rate, reference: input.reference ?? null, journal_entry_id: newId(), created_at: now };
      return {
        guards: [{ field: 'date', date: input.date }],
        records: (tx) => transferStore.addCreate(tx, businessId, transfer),
        entries: [{ id: transfer.journal_entry_id, document_id: transfer.id, document_type: 'transfer', document_no: transfer.no, date: transfer.date, currency, exchange_rate: rate, lines: transferLines(transfer.from_account_id, transfer.to_account_id, amount), reverses: null }],
        events: [],
        audit: createdAction('transfer', toTransferResource(transfer)),
        result: toTransferResource(transfer),
      };
    },
  });
  return posted;
}

/**
 * Voids a transfer: its entry reversed on the void date (by default its own), through the one posting path. A
 * side matched to a bank-feed line cannot be voided until that line is undone (409), as with a receipt.
 */
export async function voidTransfer(businessId: Id, id: Id, input?: VoidInput) {
  const posted = await post({
    businessId,
    reads: [transferStore.keyOf(businessId, id)],
    decide: async ({ read, home, now }) => {
      const stored = transferStore.fromItem(read(transferStore.keyOf(businessId, id)));
      if (!stored) throw new NotFound('transfer');
      const transfer = stored.record;
      if (transfer.voided_at) throw new StateConflict('This transfer is already voided.');
      const voidDate = voidDateOf(transfer.date, input);
      const reversal = await reversalOfStored(businessId, transfer.journal_entry_id, transfer.no, voidDate, home.currency);
      const voided: TransferRecord = { ...transfer, voided_at: now, void_date: voidDate };
      return {
        guards: [{ field: 'date', date: transfer.date }],
        records: (tx) => transferStore.addReplace(tx, businessId, voided, stored.version),
        entries: [reversal],
        events: [],
        audit: changedAction('voided', 'transfer', toTransferResource(transfer), toTransferResource(voided)),
        result: toTransferResource(voided),
      };
    },
  });
  return posted.result;
}
