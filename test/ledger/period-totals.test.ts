import { describe, expect, it } from 'vitest';
import { dayBefore, daysBetween } from '../../shared/platform/core/dates.ts';
import type { Rate } from '../../shared/ledger/exchange.ts';
import { balanceAttribute, balanceDeltas, difference, homeBalanceAttribute, parseBalanceAttribute, periodsOf, periodsUpTo, sumPeriodTotals } from '../../shared/ledger/period-totals-rules.ts';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('period totals', () => {
  it('a posting moves its day and its month', () => {
    expect(periodsOf('2026-11-22')).toEqual([{ grain: 'D', period: '2026-11-22' }, { grain: 'M', period: '2026-11' }]);
  });

  it('a balance as of a date reads every month before its month, then its month up to the date', () => {
    expect(periodsUpTo('2026-11-22')).toEqual({ months: ['0000-00', '2026-10'], days: ['2026-11-01', '2026-11-22'] });
    expect(periodsUpTo('2026-01-31')).toEqual({ months: ['0000-00', '2025-12'], days: ['2026-01-01', '2026-01-31'] });
  });

  it('nets each account per currency, lines of one account merged', () => {
    const deltas = balanceDeltas({ currency: 'USD', lines: [{ account_id: A, debit: 500, credit: 0 }, { account_id: B, debit: 0, credit: 300 }, { account_id: B, debit: 0, credit: 200 }] }, 'USD');
    expect(deltas).toEqual({ [balanceAttribute(A, 'USD')]: 500, [balanceAttribute(B, 'USD')]: -500 });
    expect(parseBalanceAttribute(balanceAttribute(A, 'JPY'))).toEqual({ accountId: A, currency: 'JPY' });
    expect(parseBalanceAttribute('pk')).toBeUndefined();
  });

  it('sums period items exactly past 2^53 and ignores attributes that are not balances', () => {
    const big = '9007199254740993';
    const nets = sumPeriodTotals([{ sk: 'M#2026-01', [balanceAttribute(A, 'USD')]: big }, { sk: 'D#2026-02-01', [balanceAttribute(A, 'USD')]: '1', [balanceAttribute(A, 'EUR')]: '-7' }], 'USD');
    expect(nets.byCurrency.get('USD')?.get(A)).toBe(9007199254740994n);
    expect(nets.byCurrency.get('EUR')?.get(A)).toBe(-7n);
  });

  it('a foreign posting also moves each account in the home currency; a home posting is held once, in its own currency', () => {
    const euro = { currency: 'EUR', exchange_rate: '1.1' as Rate, lines: [{ account_id: A, debit: 100_000, credit: 0, base_debit: 110_000, base_credit: 0 }, { account_id: B, debit: 0, credit: 100_000, base_debit: 0, base_credit: 110_000 }] };
    const gain = { currency: 'EUR', exchange_rate: '1.15' as Rate, lines: [{ account_id: A, debit: 0, credit: 0, base_debit: 0, base_credit: 5_000 }, { account_id: B, debit: 0, credit: 0, base_debit: 5_000, base_credit: 0 }] };
    expect(balanceDeltas(euro, 'USD')).toEqual({ [balanceAttribute(A, 'EUR')]: 100_000, [homeBalanceAttribute(A)]: 110_000, [balanceAttribute(B, 'EUR')]: -100_000, [homeBalanceAttribute(B)]: -110_000 });
    // A line with nothing in its own currency (a realized gain) moves only the home attribute.
    expect(balanceDeltas(gain, 'USD')).toEqual({ [homeBalanceAttribute(A)]: -5_000, [homeBalanceAttribute(B)]: 5_000 });
    expect(balanceDeltas({ ...euro, currency: 'USD', exchange_rate: '1' as Rate }, 'USD')).toEqual({ [balanceAttribute(A, 'USD')]: 100_000, [balanceAttribute(B, 'USD')]: -100_000 });
    const summed = sumPeriodTotals([{ sk: 'D#2026-02-01', ...stringValues(balanceDeltas(euro, 'USD')), [balanceAttribute(A, 'USD')]: '25' }], 'USD');
    expect(summed.home).toEqual(new Map([[A, 110_025n], [B, -110_000n]]));
    expect(summed.byCurrency.get('EUR')).toEqual(new Map([[A, 100_000n], [B, -100_000n]]));
  });

  it('the movement over a period is the closing balance less the opening one, account by account', () => {
    const closing = new Map([['USD', new Map([[A, 100n], [B, -40n]])]]);
    const opening = new Map([['USD', new Map([[A, 30n]])], ['EUR', new Map([[B, 5n]])]]);
    expect(difference(closing, opening)).toEqual(new Map([['USD', new Map([[A, 70n], [B, -40n]])], ['EUR', new Map([[B, -5n]])]]));
  });

  it('counts calendar days across months and leap years', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
    expect(dayBefore('2026-01-01')).toBe('2025-12-31');
    expect(daysBetween('2026-02-19', '2026-04-01')).toBe(41);
    expect(daysBetween('2026-04-01', '2026-02-19')).toBe(-41);
  });
});

describe('the size of a period total', () => {
  it('holds 1,000 accounts posted in the home currency and two others, with their home twins, well under DynamoDB’s 400 KB item limit (about 199 KB with 17-digit balances, half the limit)', async () => {
    const { MAX_ACCOUNTS } = await import('../../shared/ledger/chart-rules.ts');
    const { balanceAttribute: attribute, homeBalanceAttribute } = await import('../../shared/ledger/period-totals-rules.ts');
    // DynamoDB sizes an item as its attribute names' bytes plus its values: a number takes 1 byte per 2 significant digits, plus 1.
    const largest = String(-(10n ** 17n) + 1n);
    const numberBytes = Math.ceil(largest.replace('-', '').length / 2) + 1;
    let bytes = 'pk'.length + 'BIZ#00000000-0000-4000-8000-000000000000#PERIODTOTAL'.length + 'sk'.length + 'M#2026-11'.length;
    for (let index = 0; index < MAX_ACCOUNTS; index++) {
      const account = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
      for (const currency of ['USD', 'EUR', 'GBP']) bytes += attribute(account, currency).length + numberBytes;
      // The home twin of the foreign postings: one per account, however many foreign currencies.
      bytes += homeBalanceAttribute(account).length + numberBytes;
    }
    expect(bytes).toBeLessThan(210 * 1024);
    expect(bytes).toBeGreaterThan(190 * 1024);
  });
});

function stringValues(deltas: Record<string, number>): Record<string, string> {
  return Object.fromEntries(Object.entries(deltas).map(([name, value]) => [name, String(value)]));
}
