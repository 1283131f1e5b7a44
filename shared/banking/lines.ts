import { collection } from '../db/collection.ts';
import { externalIdGuardKey, facetKey } from '../db/keys.ts';
import { emit } from '../events/emit.ts';
import { batchGet } from '../db/query.ts';
import { mustNotExist, retryOnConflict, WriteTransaction } from '../db/transaction.ts';
import { NotFound, RuleViolation, type FieldProblem } from '../domain/errors.ts';
import { newId, type Id } from '../domain/ids.ts';
import { toMajor, toMinor } from '../domain/money.ts';
import type { Page, PageRequest } from '../domain/paging.ts';
import { findCashFlowAccount } from './bank-accounts.ts';
import { sha256Hex } from '../domain/hashing.ts';

/** At most this many lines in one call: each takes two writes of one transaction (the line and its guard). */
export const MAX_LINES_PER_CALL = 45;

export type LineSource = 'api' | 'import' | 'rail';

export interface BankLineRecord {
  readonly id: Id;
  readonly account_id: Id;
  readonly date: string;
  /** Signed minor units of the account's currency: money in is positive. */
  readonly amount: number;
  readonly currency: string;
  readonly description: string | null;
  readonly external_id: string | null;
  readonly source: LineSource;
  readonly created_at: string;
}

/** An account's statement lines by date. */
const byAccountAndDate = facetKey<BankLineRecord, ['account_id', 'date', 'created_at', 'id']>(null, ['account_id', 'date', 'created_at', 'id']);

const lineStore = collection<BankLineRecord>({
  kind: 'BANKLINE',
  order: byAccountAndDate,
  views: (line) => [{ prefix: byAccountAndDate.prefix({ account_id: line.account_id }), counter: `ACCT#${line.account_id}` }],
});

export function toLineResource(line: BankLineRecord) {
  return { ...line, amount: toMajor(line.amount, line.currency) };
}

export interface LineInput {
  readonly date: string;
  readonly amount: number;
  readonly description?: string | undefined;
  readonly external_id?: string | undefined;
}


/**
 * Adds statement lines to a cash-flow account in one transaction with one `bank_feed.received` event. A line whose
 * external id the account already holds (or that repeats one earlier in the same call) is skipped and reported,
 * never doubled: the batch read finds the recorded ones, and a guard item written with each new line makes a
 * racing call fail and re-read rather than add it twice.
 */
export async function addLines(businessId: Id, accountId: Id, lines: readonly LineInput[], source: LineSource) {
  const account = await findCashFlowAccount(businessId, accountId);
  if (!account || !account.currency) throw new NotFound('bank account');
  const currency = account.currency;
  const problems: FieldProblem[] = [];
  const converted = lines.map((line, index) => {
    const amount = toMinor(line.amount, currency);
    if (amount === null) problems.push({ field: `lines[${index}].amount`, message: `must have at most the minor digits of ${currency}` });
    return { ...line, amount: amount ?? 0, index };
  });
  if (problems.length > 0) throw new RuleViolation(problems);

  return retryOnConflict(async () => {
    const guards = converted.map((line) => (line.external_id ? externalIdGuardKey(businessId, accountId, sha256Hex(line.external_id)) : undefined));
    const read = await batchGet(guards.filter((key): key is NonNullable<typeof key> => key !== undefined));
    const seen = new Set<string>();
    const skipped: { index: number; external_id: string }[] = [];
    const fresh: (typeof converted)[number][] = [];
    converted.forEach((line, index) => {
      const guard = guards[index];
      if (line.external_id && guard && (read(guard) || seen.has(line.external_id))) skipped.push({ index, external_id: line.external_id });
      else fresh.push(line);
      if (line.external_id) seen.add(line.external_id);
    });
    if (fresh.length === 0) return { added: [], skipped };
    const now = new Date().toISOString();
    const tx = new WriteTransaction();
    const added = fresh.map((line) => {
      const record: BankLineRecord = { id: newId(), account_id: accountId, date: line.date, amount: line.amount, currency, description: line.description ?? null, external_id: line.external_id ?? null, source, created_at: now };
      lineStore.addCreate(tx, businessId, record);
      if (line.external_id) tx.put(`BANKLINE:guard:${line.index}`, { ...externalIdGuardKey(businessId, accountId, sha256Hex(line.external_id)), entity: 'BANKLINE_GUARD', line_id: record.id }, mustNotExist);
      return toLineResource(record);
    });
    emit(tx, businessId, 'bank_feed.received', { account_id: accountId, source, lines: added });
    await tx.commit();
    return { added, skipped };
  });
}

export async function listLines(businessId: Id, accountId: Id, page: PageRequest): Promise<Page<ReturnType<typeof toLineResource>>> {
  if (!(await findCashFlowAccount(businessId, accountId))) throw new NotFound('bank account');
  const result = await lineStore.page(businessId, page, { prefix: byAccountAndDate.prefix({ account_id: accountId }), counter: `ACCT#${accountId}` });
  return { ...result, items: result.items.map(toLineResource) };
}
