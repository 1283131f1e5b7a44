import { settingsKey, type Key } from '../platform/db/keys.ts';
import type { WriteTransaction } from '../platform/db/transaction.ts';
import type { Id } from '../platform/core/ids.ts';
import type { LedgerRules } from './lock-date.ts';

/**
 * Moves the ledger's rules version (and sets the lock date, when given) in the caller's transaction, on the
 * condition that the version is still the one read. Every posting decided under the old version then fails its
 * check (`shared/ledger/posting.ts`) and is decided again under the new rules.
 */
export function addRulesChange(tx: WriteTransaction, businessId: Id, read: LedgerRules, change: { readonly lockDate?: string | null } = {}): void {
  const names: Record<string, string> = { '#version': 'version', '#entity': 'entity' };
  const values: Record<string, unknown> = { ':next': read.version + 1, ':entity': 'LEDGER_RULES' };
  let expression = 'SET #version = :next, #entity = :entity';
  if (change.lockDate !== undefined) {
    names['#lock'] = 'lock_date';
    values[':lock'] = change.lockDate;
    expression += ', #lock = :lock';
  }
  tx.update('LEDGER:rules', ledgerRulesKey(businessId), { expression, names, values }, read.version === 0 ? { expression: 'attribute_not_exists(pk)' } : { expression: '#version = :read', names: { '#version': 'version' }, values: { ':read': read.version } });
}

/**
 * The rules every posting of a business is decided under: its lock date and a version moved by every change of a
 * rule (the lock date, an account archived or retyped). Each posting's transaction checks the version it read.
 */
export function ledgerRulesKey(businessId: Id): Key {
  return settingsKey(businessId, 'LEDGER');
}
