import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fiscalYearStart } from '../../shared/platform/core/dates.ts';
import { firstLockedGuard, ledgerRulesOf, scopeToMoveLockDate } from '../../shared/ledger/lock-date.ts';
import { balanceSheet, CURRENT_EARNINGS_NAME, RETAINED_EARNINGS_NAME, type AccountInfo } from '../../shared/reports/statements.ts';

const root = resolve(import.meta.dirname, '../..');

function sources(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name);
    return statSync(join(root, path)).isDirectory() ? sources(path) : path.endsWith('.ts') || path.endsWith('.tsx') ? [path] : [];
  });
}

/** Where a module writes to the books itself instead of handing its posting to the producer. */
const WRITES_THE_BOOKS = /\baddJournalEntry\b|\baddToPeriodTotals\b|\bpostInTurn\b/;

describe('the one posting path', () => {
  it('no module but the producer writes a journal entry, moves period totals or takes a number (the journal and the number series own the parts)', () => {
    const writers = ['shared', 'functions', 'infra'].flatMap(sources).filter((path) => WRITES_THE_BOOKS.test(readFileSync(join(root, path), 'utf8')));
    expect(writers.sort()).toEqual(['shared/ledger/journal.ts', 'shared/ledger/period-totals.ts', 'shared/ledger/posting.ts', 'shared/platform/db/series-turn.ts']);
  });

  it('every use case that posts goes through post()', () => {
    const posting = ['shared/documents/documents.ts', 'shared/cash/credit-allocations.ts', 'shared/cash/cash.ts', 'shared/banking/bank-accounts.ts', 'shared/ledger/journals.ts'];
    for (const path of posting) {
      const text = readFileSync(join(root, path), 'utf8');
      expect(text, path).toMatch(/\bpost\(\{/);
      expect(text, path).not.toMatch(/new WriteTransaction\(/);
    }
  });
});

describe('the lock date', () => {
  it('refuses a date on or before it, and nothing when there is none', () => {
    const guards = [{ field: 'date', date: '2026-07-01' }, { field: 'invoice_date', date: '2026-06-30' }];
    expect(firstLockedGuard('2026-06-30', guards)).toEqual({ field: 'invoice_date', date: '2026-06-30' });
    expect(firstLockedGuard('2026-06-29', guards)).toBeUndefined();
    expect(firstLockedGuard(null, guards)).toBeUndefined();
  });

  it('moving it later needs the ledger right; earlier or clearing it, the settings right', () => {
    expect(scopeToMoveLockDate(null, '2026-06-30')).toBe('finance_ledger:update');
    expect(scopeToMoveLockDate('2026-06-30', '2026-09-30')).toBe('finance_ledger:update');
    expect(scopeToMoveLockDate('2026-06-30', '2026-06-30')).toBe('finance_ledger:update');
    expect(scopeToMoveLockDate('2026-06-30', '2026-03-31')).toBe('settings_business:manage');
    expect(scopeToMoveLockDate('2026-06-30', null)).toBe('settings_business:manage');
    expect(scopeToMoveLockDate(null, null)).toBe('finance_ledger:update');
  });

  it('reads the rules item, or the rules of a business that never set any', () => {
    expect(ledgerRulesOf(undefined)).toEqual({ version: 0, lockDate: null });
    expect(ledgerRulesOf({ version: 3, lock_date: '2026-06-30' })).toEqual({ version: 3, lockDate: '2026-06-30' });
    expect(ledgerRulesOf({ version: 4, lock_date: null })).toEqual({ version: 4, lockDate: null });
  });
});

describe('the financial year', () => {
  it('starts in its month, in the same calendar year or the one before', () => {
    expect(fiscalYearStart('2026-11-24', 1)).toBe('2026-01-01');
    expect(fiscalYearStart('2026-11-24', 4)).toBe('2026-04-01');
    expect(fiscalYearStart('2026-03-31', 4)).toBe('2025-04-01');
    expect(fiscalYearStart('2026-04-01', 4)).toBe('2026-04-01');
    expect(fiscalYearStart('2026-06-30', 7)).toBe('2025-07-01');
    expect(fiscalYearStart('2026-12-31', 12)).toBe('2026-12-01');
  });

  it('splits the unclosed earnings at the start of the year, and still balances', () => {
    const accounts = new Map<string, AccountInfo>([
      ['bank', { id: 'bank', code: null, name: 'Bank', type: 'asset' }],
      ['sales', { id: 'sales', code: '4000', name: 'Sales revenue', type: 'revenue' }],
      ['rent', { id: 'rent', code: '6100', name: 'Rent', type: 'expense' }],
    ]);
    const now = new Map([['USD', new Map([['bank', 700n], ['sales', -1000n], ['rent', 300n]])]]);
    const beforeYear = new Map([['USD', new Map([['bank', 400n], ['sales', -400n]])]]);
    const [usd] = balanceSheet(now, accounts, beforeYear);
    expect(usd!.equity).toEqual([
      { account_id: null, code: null, name: RETAINED_EARNINGS_NAME, amount: 400n },
      { account_id: null, code: null, name: CURRENT_EARNINGS_NAME, amount: 300n },
    ]);
    expect(usd!.totalAssets).toBe(usd!.totalLiabilities + usd!.totalEquity);
  });
});
