/**
 * The chart of accounts a business extends: adding, reading and changing accounts under `shared/ledger/chart-rules.ts`'s
 * rules. A change that affects what may be posted (archiving, retyping) moves the ledger's rules version in the
 * same transaction, so a posting decided before it is decided again.
 */
import { addAuditEntry } from '../platform/trail/write.ts';
import { changedAction, createdAction } from '../platform/trail/actions.ts';
import { counterKey, collectionPk, type Key } from '../platform/db/keys.ts';
import { ledgerRulesKey } from './rules.ts';
import { batchGet, readCounter } from '../platform/db/query.ts';
import { mustNotExist, retryOnConflict, TransactionConflict, WriteTransaction } from '../platform/db/transaction.ts';
import { accountChangeProblems, MAX_ACCOUNTS } from './chart-rules.ts';
import { NotFound, RuleViolation, StateConflict } from '../platform/core/errors.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { SYSTEM_ACCOUNTS } from './ledger-rules.ts';
import { ledgerRulesOf } from './lock-date.ts';
import { accountStore, type AccountRecord } from './accounts.ts';
import { balancesAsOf, homeCurrencyOf } from './period-totals.ts';
import { toAccountResource } from './accounts.ts';
import { addRulesChange } from './rules.ts';
import type { AccountCreateInput, AccountPatchInput } from './schemas.ts';

const SYSTEM_CODES: ReadonlySet<string> = new Set(Object.values(SYSTEM_ACCOUNTS).map((account) => account.code));

const codeTaken = (code: string) => new StateConflict(`code: ${code} is already the code of another account.`);

/** Reserves a code for an account: the system accounts' codes are reserved by the chart itself. */
function addCodeReservation(tx: WriteTransaction, businessId: Id, code: string, accountId: Id): void {
  if (SYSTEM_CODES.has(code)) throw codeTaken(code);
  tx.put('ACCOUNT:code', { ...accountCodeKey(businessId, code), entity: 'ACCOUNT_CODE', account_id: accountId }, mustNotExist);
}

/** A lost race on a code reservation is a taken code, not a retry. */
async function commitReserving(tx: WriteTransaction, code: string): Promise<void> {
  try {
    await tx.commit();
  } catch (error) {
    if (error instanceof TransactionConflict && error.failedOn('ACCOUNT:code')) throw codeTaken(code);
    throw error;
  }
}

export async function createAccount(businessId: Id, input: AccountCreateInput) {
  if ((await readCounter(counterKey(businessId, 'ACCOUNT'))) >= MAX_ACCOUNTS) throw new StateConflict(`The business already has the most accounts it may have (${MAX_ACCOUNTS}).`);
  const now = new Date().toISOString();
  const account: AccountRecord = { id: newId(), code: input.code, name: input.name, type: input.type, system_role: null, cash_flow: false, kind: null, currency: null, opening_balance_minor: 0, description: input.description ?? null, archived: false, created_at: now, updated_at: now };
  const tx = new WriteTransaction();
  addCodeReservation(tx, businessId, input.code, account.id);
  accountStore.addCreate(tx, businessId, account);
  addAuditEntry(tx, businessId, createdAction('account', toAccountResource(account)));
  await commitReserving(tx, input.code);
  return toAccountResource(account);
}

export async function getAccount(businessId: Id, id: Id) {
  const stored = await accountStore.get(businessId, id);
  if (!stored) throw new NotFound('account');
  return toAccountResource(stored.record);
}

/** Whether any posting ever touched the account: its attribute exists in the period totals once posted to. */
async function hasPostings(businessId: Id, accountId: Id): Promise<boolean> {
  const balances = await balancesAsOf(businessId, '9999-12-31', homeCurrencyOf(businessId));
  return balances.home.has(accountId) || [...balances.byCurrency.values()].some((perAccount) => perAccount.has(accountId));
}

export async function updateAccount(businessId: Id, id: Id, patch: AccountPatchInput) {
  return retryOnConflict(async () => {
    const read = await batchGet([accountStore.keyOf(businessId, id), ledgerRulesKey(businessId)]);
    const stored = accountStore.fromItem(read(accountStore.keyOf(businessId, id)));
    if (!stored) throw new NotFound('account');
    const account = stored.record;
    const retyped = patch.type !== undefined && patch.type !== account.type;
    const problems = accountChangeProblems(account, patch, retyped && (await hasPostings(businessId, id)));
    if (problems.length > 0) throw new RuleViolation(problems);
    const next: AccountRecord = {
      ...account,
      code: patch.code ?? account.code,
      name: patch.name ?? account.name,
      type: patch.type ?? account.type,
      description: patch.description === undefined ? (account.description ?? null) : patch.description,
      archived: patch.archived ?? account.archived ?? false,
      updated_at: new Date().toISOString(),
    };
    const tx = new WriteTransaction();
    accountStore.addReplace(tx, businessId, next, stored.version);
    addAuditEntry(tx, businessId, changedAction(next.archived && !account.archived ? 'archived' : 'updated', 'account', toAccountResource(account), toAccountResource(next)));
    const recoded = next.code !== account.code && next.code !== null;
    if (recoded) {
      addCodeReservation(tx, businessId, next.code!, id);
      if (account.code !== null && !SYSTEM_CODES.has(account.code)) tx.delete('ACCOUNT:uncode', accountCodeKey(businessId, account.code));
    }
    // What may be posted to the account changes: every posting decided before this must be decided again.
    if (retyped || next.archived !== (account.archived ?? false)) addRulesChange(tx, businessId, ledgerRulesOf(read(ledgerRulesKey(businessId))));
    await (recoded ? commitReserving(tx, next.code!) : tx.commit());
    return toAccountResource(next);
  });
}

/** Reserves an account code within a business, so that two accounts can never share one. */
export function accountCodeKey(businessId: Id, code: string): Key {
  return { pk: collectionPk(businessId, 'ACCOUNT'), sk: `#CODE#${code}` };
}
