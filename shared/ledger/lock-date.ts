/**
 * The lock date: nothing is posted or reversed on or before it. These rules decide which dates a posting may book
 * on and who may move the date; the one posting path (`shared/ledger/posting.ts`) applies them to every posting.
 */
import type { Scope } from '../platform/http/scopes.ts';

/** A business date a posting books on or reverses, with the field that named it (for the refusal's details). */
export interface PostingGuard {
  readonly field: string;
  readonly date: string;
}

/** What every posting is decided under: the lock date, and the version that moves whenever a rule changes. */
export interface LedgerRules {
  /** 0 while the business has never changed a rule (no item yet). */
  readonly version: number;
  readonly lockDate: string | null;
}

export function ledgerRulesOf(item: Readonly<Record<string, unknown>> | undefined): LedgerRules {
  return { version: typeof item?.version === 'number' ? item.version : 0, lockDate: typeof item?.lock_date === 'string' ? item.lock_date : null };
}

/** The first guard dated on or before the lock date, or undefined when the posting may go ahead. */
export function firstLockedGuard(lockDate: string | null, guards: readonly PostingGuard[]): PostingGuard | undefined {
  if (lockDate === null) return undefined;
  return guards.find((guard) => guard.date <= lockDate);
}

/**
 * The scope a lock-date change needs: moving it later closes more of the books (the ledger's own update right);
 * moving it earlier or clearing it reopens a period someone reported on, which only the business's settings
 * right may do. Setting the same date again needs nothing more than the ledger right.
 */
export function scopeToMoveLockDate(current: string | null, next: string | null): Scope {
  if (next === null) return current === null ? 'finance_ledger:update' : 'settings_business:manage';
  if (current === null || next >= current) return 'finance_ledger:update';
  return 'settings_business:manage';
}
