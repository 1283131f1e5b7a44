import { addAuditEntry } from '../platform/trail/write.ts';
import { collection, type Stored } from '../platform/db/collection.ts';
import { DATED_COUNTS } from '../platform/db/dated-counts.ts';
import { facetKey, collectionPk, type Key } from '../platform/db/keys.ts';
import { emit } from '../platform/outbox/emit.ts';
import { batchGet } from '../platform/db/query.ts';
import { retryOnConflict, WriteTransaction } from '../platform/db/transaction.ts';
import type { LineMatch, LineStatus } from './bank-reconciliation.ts';
import { NotFound, RuleViolation, type FieldProblem } from '../platform/core/errors.ts';
import { derivedId, newId, type Id } from '../platform/core/ids.ts';
import { toMajor, toMinor } from '../platform/core/money.ts';
import type { Page, PageRequest } from '../platform/core/paging.ts';
import { findCashFlowAccount, shownTracking } from '../ledger/index.ts';
import { sha256Hex } from '../platform/core/hashing.ts';
import { addLineAmount, addStatedBalance, lineView } from './line-totals.ts';

/**
 * At most this many lines in one call: each is one write of one transaction, with its day's count item (and its
 * year's), within TransactWriteItems' 100.
 */
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
  /** Absent on lines recorded before reconciliation (the rebuild writes it): unmatched. */
  readonly status?: LineStatus;
  /** The postings it is matched to, or the bank transaction it was categorized as. */
  readonly matches?: readonly LineMatch[];
  /** The rule that marked it, or that categorized it at import. */
  readonly rule_id?: Id | null;
  /** The queued import that added it (an import's chunk, run again, knows its own lines). */
  readonly import_id?: Id;
  readonly created_at: string;
  readonly updated_at?: string;
}

export const statusOf = (line: BankLineRecord): LineStatus => line.status ?? 'unmatched';

/** An account's statement lines by date (lsi1), and by status, then date (lsi2). */
const byAccountAndDate = facetKey<BankLineRecord, ['account_id', 'date', 'created_at', 'id']>(null, ['account_id', 'date', 'created_at', 'id']);
const byAccountStatusAndDate = facetKey<Required<BankLineRecord>, ['account_id', 'status', 'date', 'created_at', 'id']>('S', ['account_id', 'status', 'date', 'created_at', 'id']);

const allLinesView = (accountId: Id) => ({ prefix: byAccountAndDate.prefix({ account_id: accountId }), ...lineView(accountId, 'ALL') });
const statusView = (accountId: Id, status: LineStatus) => ({ prefix: byAccountStatusAndDate.prefix({ account_id: accountId, status }), index: 'lsi2' as const, ...lineView(accountId, status) });

/**
 * Each account's lines are a dated list counted like a party's documents (per day and year, in the account's own
 * count items), as a whole and per status; a line that changes status moves between its status views.
 */
export const lineStore = collection<BankLineRecord>({
  kind: 'BANKLINE',
  order: byAccountAndDate,
  order2: (line) => byAccountStatusAndDate({ ...line, status: statusOf(line) } as Required<BankLineRecord>),
  views: (line) => [allLinesView(line.account_id), statusView(line.account_id, statusOf(line))],
  dated: { index: 'lsi1', prefix: (view) => view.prefix, date: (line) => line.date, counts: DATED_COUNTS },
});

export function toLineResource(line: BankLineRecord) {
  return {
    id: line.id,
    account_id: line.account_id,
    date: line.date,
    amount: toMajor(line.amount, line.currency),
    currency: line.currency,
    description: line.description,
    external_id: line.external_id,
    source: line.source,
    status: statusOf(line),
    matches: (line.matches ?? []).map(({ type, id, no }) => ({ type, id, no })),
    journal_entry_id: statusOf(line) === 'categorized' ? (line.matches?.[0]?.journal_entry_id ?? null) : null,
    tracking: statusOf(line) === 'categorized' ? shownTracking(line.matches?.[0]?.tracking) : [],
    rule_id: line.rule_id ?? null,
    created_at: line.created_at,
    updated_at: line.updated_at ?? line.created_at,
  };
}

export type BankLineResource = ReturnType<typeof toLineResource>;

export interface LineInput {
  readonly date: string;
  readonly amount: number;
  readonly description?: string | undefined;
  readonly external_id?: string | undefined;
}

/**
 * The id a line is stored under: one derived from its external id when it has one (an import gives every line
 * one), so storing it twice is refused by the line's own key. Lines sent without one are always new.
 */
function lineIdOf(accountId: Id, line: LineInput): Id {
  return line.external_id ? lineIdForExternal(accountId, line.external_id) : newId();
}

/** The line a rail call or an import with this external id stored on an account. */
export function lineIdForExternal(accountId: Id, externalId: string): Id {
  return derivedId(`BANKLINE:${accountId}:external:${externalId}`);
}

export interface LinesAdded {
  readonly added: BankLineResource[];
  readonly skipped: { readonly index: number; readonly external_id: string | null }[];
  /** Of the skipped lines, those the same queued import stored in an earlier attempt. */
  readonly ownedBefore: Id[];
}

export interface AddOptions {
  readonly stated?: StatedBalance | undefined;
  /** The rule each new line is marked with. */
  readonly ruleOf?: (line: BankLineRecord) => Id | undefined;
  /** A queued import's chunk: its lines carry the import's id, and the import fires one event of its own at its end. */
  readonly importId?: Id;
}

/** The closing balance a statement states (OFX's LEDGERBAL, or an import's `closing_balance`), in major units. */
export interface StatedBalance {
  readonly date: string;
  readonly balance: number;
}

/**
 * Adds statement lines to a cash-flow account in one transaction with one `bank_feed.received` event. A line the
 * account already holds (the same external id) is skipped and reported, never doubled: its key is derived from its
 * external id, so the batch read finds the recorded ones and a racing call's write fails and is decided again.
 * Lines recorded before keys were derived are found by their external id's guard item. A statement's closing
 * balance is recorded with its lines (or alone, when every line was known).
 */
export async function addLines(businessId: Id, accountId: Id, lines: readonly LineInput[], source: LineSource, options: AddOptions = {}): Promise<LinesAdded> {
  const { stated, ruleOf = () => undefined, importId } = options;
  const account = await findCashFlowAccount(businessId, accountId);
  if (!account || !account.currency) throw new NotFound('bank account');
  const currency = account.currency;
  const problems: FieldProblem[] = [];
  const converted = lines.map((line, index) => {
    const amount = toMinor(line.amount, currency);
    if (amount === null) problems.push({ field: `lines[${index}].amount`, message: `must have at most the minor digits of ${currency}` });
    return { ...line, amount: amount ?? 0, index, id: lineIdOf(accountId, line) };
  });
  const statedMinor = stated ? toMinor(stated.balance, currency) : undefined;
  if (statedMinor === null) problems.push({ field: 'closing_balance', message: `must have at most the minor digits of ${currency}` });
  if (problems.length > 0) throw new RuleViolation(problems);
  return retryOnConflict(async () => {
    const guards = converted.map((line) => (line.external_id ? externalIdGuardKey(businessId, accountId, sha256Hex(line.external_id)) : undefined));
    const read = await batchGet([...guards.filter((key): key is NonNullable<typeof key> => key !== undefined), ...converted.map((line) => lineStore.keyOf(businessId, line.id))]);
    const seen = new Set<Id>();
    const skipped: LinesAdded['skipped'][number][] = [];
    const ownedBefore: Id[] = [];
    const fresh: (typeof converted)[number][] = [];
    converted.forEach((line, index) => {
      const guard = guards[index];
      const stored = read(lineStore.keyOf(businessId, line.id));
      if (seen.has(line.id) || stored || (guard && read(guard))) {
        skipped.push({ index, external_id: line.external_id ?? null });
        if (importId && stored?.import_id === importId && !seen.has(line.id)) ownedBefore.push(line.id);
      } else fresh.push(line);
      seen.add(line.id);
    });
    const tx = new WriteTransaction();
    if (stated && statedMinor !== undefined && statedMinor !== null) addStatedBalance(tx, businessId, accountId, stated.date, statedMinor);
    if (fresh.length === 0) {
      if (tx.size > 0) await tx.commit();
      return { added: [], skipped, ownedBefore };
    }
    const now = new Date().toISOString();
    const added = fresh.map((line) => {
      const unmarked: BankLineRecord = { id: line.id, account_id: accountId, date: line.date, amount: line.amount, currency, description: line.description ?? null, external_id: line.external_id ?? null, source, status: 'unmatched', matches: [], rule_id: null, created_at: now, updated_at: now };
      const record = { ...unmarked, rule_id: ruleOf(unmarked) ?? null, ...(importId ? { import_id: importId } : {}) };
      addLineCreate(tx, businessId, record);
      return toLineResource(record);
    });
    if (!importId) emit(tx, businessId, 'bank_feed.received', { account_id: accountId, source, lines: added });
    // One entry per transaction: a queued import's chunk is written by the import worker, as the service.
    addAuditEntry(tx, businessId, { action: 'lines_added', record: { type: 'bank_account', id: accountId, no: null }, changes: [{ field: 'lines', from: null, to: added.map((line) => ({ id: line.id, date: line.date, amount: line.amount })) }] });
    await tx.commit();
    return { added, skipped, ownedBefore };
  });
}

/** A new line, counted and summed in its status. */
export function addLineCreate(tx: WriteTransaction, businessId: Id, line: BankLineRecord): void {
  lineStore.addCreate(tx, businessId, line);
  addLineAmount(tx, businessId, { ...line, status: statusOf(line) }, 1);
}

/** A line's new state under the version read, moved between its status's counts and amounts. */
export function addLineReplace(tx: WriteTransaction, businessId: Id, stored: Stored<BankLineRecord>, next: BankLineRecord): void {
  lineStore.addReplace(tx, businessId, next, stored.version, stored.record);
  if (statusOf(stored.record) !== statusOf(next)) {
    addLineAmount(tx, businessId, { ...stored.record, status: statusOf(stored.record) }, -1);
    addLineAmount(tx, businessId, { ...next, status: statusOf(next) }, 1);
  }
}

/**
 * Lines recorded before reconciliation, brought up to it by the rebuild (build version 6): each becomes unmatched,
 * listed in its status view. Their counts and amounts are the rebuild's to recompute, so none move here.
 */
export async function migrateLines(businessId: Id): Promise<number> {
  const legacy = (await lineStore.allStored(businessId)).filter((stored) => stored.record.status === undefined);
  for (const stored of legacy) {
    const tx = new WriteTransaction();
    lineStore.addReplace(tx, businessId, { ...stored.record, status: 'unmatched', matches: [], rule_id: null, updated_at: stored.record.created_at }, stored.version);
    await tx.commit();
  }
  return legacy.length;
}

export async function getLine(businessId: Id, id: Id): Promise<Stored<BankLineRecord>> {
  const stored = await lineStore.get(businessId, id);
  if (!stored) throw new NotFound('bank-feed line');
  return stored;
}

export interface LineFilter {
  readonly status?: LineStatus | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

export async function listLines(businessId: Id, accountId: Id, page: PageRequest, filter: LineFilter = {}): Promise<Page<BankLineResource>> {
  const result = await pageOfLines(businessId, accountId, page, filter);
  return { ...result, items: result.items.map(toLineResource) };
}

/** One page of an account's lines as stored (all, or of one status, within dates); 404 for an account that is not a bank or cash account. */
export async function pageOfLines(businessId: Id, accountId: Id, page: PageRequest, filter: LineFilter = {}): Promise<Page<BankLineRecord>> {
  const view = filter.status ? statusView(accountId, filter.status) : allLinesView(accountId);
  // The page is read beside the account; a missing account is the answer, whatever the page's read found.
  const lines = lineStore.page(businessId, page, view, { from: filter.from, to: filter.to });
  lines.catch(() => undefined);
  if (!(await findCashFlowAccount(businessId, accountId))) throw new NotFound('bank account');
  return lines;
}

/** Marks an external id as recorded on one bank account, so the same statement line is never added twice. */
export function externalIdGuardKey(businessId: Id, accountId: Id, externalIdHash: string): Key {
  return { pk: collectionPk(businessId, 'BANKLINE'), sk: `EXT#${accountId}#${externalIdHash}` };
}
