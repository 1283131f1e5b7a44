import { describe, expect, it } from 'vitest';
import { agedBalances, agingBucket, balanceSheet, CURRENT_EARNINGS_NAME, profitAndLoss, type AccountInfo } from '../../shared/reports/statements.ts';

const chart: AccountInfo[] = [
  { id: 'bank', code: null, name: 'Bank', type: 'asset' },
  { id: 'ar', code: '1100', name: 'Accounts receivable', type: 'asset' },
  { id: 'ap', code: '2100', name: 'Accounts payable', type: 'liability' },
  { id: 'obe', code: '3000', name: 'Opening balance equity', type: 'equity' },
  { id: 'sales', code: '4000', name: 'Sales revenue', type: 'revenue' },
  { id: 'purchases', code: '5000', name: 'Purchases and expenses', type: 'expense' },
];
const accounts = new Map(chart.map((account) => [account.id, account]));
// Nets are debit − credit: AR 150 and bank 110 debit; sales 250 and AP 80 and equity 30 credit; purchases 100 debit.
const nets = new Map([['USD', new Map([['ar', 150n], ['bank', 110n], ['ap', -80n], ['obe', -30n], ['sales', -250n], ['purchases', 100n]])]]);

describe('financial statements', () => {
  it('profit and loss shows income and expenses on their normal side', () => {
    const [usd] = profitAndLoss(nets, accounts);
    expect(usd).toMatchObject({ currency: 'USD', totalIncome: 250n, totalExpenses: 100n, netProfit: 150n });
    expect(usd!.income).toEqual([{ account_id: 'sales', code: '4000', name: 'Sales revenue', amount: 250n }]);
  });

  it('the balance sheet carries unclosed earnings in equity and balances', () => {
    const [usd] = balanceSheet(nets, accounts);
    expect(usd!.assets.map((line) => line.name)).toEqual(['Bank', 'Accounts receivable']);
    expect(usd!.equity).toEqual([
      { account_id: 'obe', code: '3000', name: 'Opening balance equity', amount: 30n },
      { account_id: null, code: null, name: CURRENT_EARNINGS_NAME, amount: 150n },
    ]);
    expect(usd!.totalAssets).toBe(usd!.totalLiabilities + usd!.totalEquity);
  });

  it('leaves out zero lines and currencies with nothing to show', () => {
    expect(balanceSheet(new Map([['EUR', new Map([['ar', 0n]])]]), accounts)).toEqual([]);
    expect(profitAndLoss(new Map([['EUR', new Map([['bank', 5n], ['obe', -5n]])]]), accounts)).toEqual([]);
  });

  it('refuses postings to an account outside the chart', () => {
    expect(() => balanceSheet(new Map([['USD', new Map([['ghost', 1n]])]]), accounts)).toThrow(/not in the chart/);
  });

  it('ages by whole days past due: current on the due date, then 1–30, 31–60, 61–90, over 90', () => {
    const cases: [string, string][] = [['2026-03-01', 'current'], ['2026-03-02', 'd1_30'], ['2026-03-31', 'd1_30'], ['2026-04-01', 'd31_60'], ['2026-04-30', 'd31_60'], ['2026-05-01', 'd61_90'], ['2026-05-30', 'd61_90'], ['2026-05-31', 'over_90']];
    for (const [asOf, bucket] of cases) expect(agingBucket('2026-03-01', asOf), asOf).toBe(bucket);
    expect(agingBucket('2026-03-01', '2026-02-01')).toBe('current');
  });

  it('adds open balances per currency and party, with totals equal to the sum of the parts', () => {
    const blocks = agedBalances(
      [
        { partyId: 'c1', currency: 'USD', dueDate: '2026-03-01', balanceDue: 100n, baseDue: 100n },
        { partyId: 'c1', currency: 'USD', dueDate: '2026-01-01', balanceDue: 50n, baseDue: 50n },
        { partyId: 'c2', currency: 'USD', dueDate: '2026-04-01', balanceDue: 7n, baseDue: 7n },
        { partyId: 'c1', currency: 'EUR', dueDate: '2026-03-15', balanceDue: 9n, baseDue: 10n },
      ],
      '2026-03-31',
    );
    expect(blocks.map((block) => block.currency)).toEqual(['EUR', 'USD']);
    const usd = blocks[1]!;
    expect(usd.parties.find((party) => party.partyId === 'c1')!.ages).toEqual({ current: 0n, d1_30: 100n, d31_60: 0n, d61_90: 50n, over_90: 0n, total: 150n, base_total: 150n });
    expect(usd.totals).toEqual({ current: 7n, d1_30: 100n, d31_60: 0n, d61_90: 50n, over_90: 0n, total: 157n, base_total: 157n });
    expect(blocks[0]!.totals.base_total).toBe(10n);
  });
});
