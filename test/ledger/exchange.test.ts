import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert, parseRate, recentRateOn, withRecentRate, RECENT_RATES_KEPT, type Rate } from '../../shared/ledger/exchange.ts';
import { inHomeCurrency, settlementRelief } from '../../shared/ledger/home-amounts.ts';
import { isBalanced, moneyLines, postingLines, systemAccountId } from '../../shared/ledger/ledger-rules.ts';
import type { Id } from '../../shared/platform/core/ids.ts';

const BUSINESS = '00000000-0000-4000-8000-000000000001' as Id;
const BANK = '00000000-0000-4000-8000-0000000000b1' as Id;
const GAINS = '00000000-0000-4000-8000-0000000000f1' as Id;
const rate = (text: string) => text as Rate;

describe('exchange rates', () => {
  it('reads a rate as the exact decimal the client wrote, up to 10 significant digits', () => {
    expect(parseRate(1.1)).toEqual({ rate: '1.1' });
    expect(parseRate(0.0000237)).toEqual({ rate: '0.0000237' });
    expect(parseRate(1e-7)).toEqual({ rate: '0.0000001' });
    expect(parseRate(1234567890)).toEqual({ rate: '1234567890' });
    expect(parseRate(1.234567891)).toEqual({ rate: '1.234567891' });
    expect(parseRate(12345.67891)).toEqual({ rate: '12345.67891' });
    expect(parseRate(1.2345678912)).toEqual({ problem: 'must have at most 10 significant digits' });
    expect(parseRate(12345678901)).toEqual({ problem: 'must have at most 10 significant digits' });
    expect(parseRate(0)).toEqual({ problem: 'must be a number greater than 0' });
    expect(parseRate(-1.1)).toEqual({ problem: 'must be a number greater than 0' });
    expect(parseRate(Number.NaN)).toEqual({ problem: 'must be a number greater than 0' });
  });

  it('converts minor units exactly, rounding half to even to the home currency’s digits', () => {
    expect(convert(100_000, 'EUR', rate('1.1'), 'USD')).toBe(110_000);
    // 0.05 EUR at 1.5 = 0.075 USD: half way, to the even cent 0.08; 0.15 at 1.5 = 0.225: to the even 0.22.
    expect(convert(5, 'EUR', rate('1.5'), 'USD')).toBe(8);
    expect(convert(15, 'EUR', rate('1.5'), 'USD')).toBe(22);
    expect(convert(-15, 'EUR', rate('1.5'), 'USD')).toBe(-22);
    // Different digits: 1,000 JPY (no minor unit) at 0.0067 USD = 6.70 USD; 1.000 KWD at 3.25 = 3.25 USD.
    expect(convert(1000, 'JPY', rate('0.0067'), 'USD')).toBe(670);
    expect(convert(1000, 'KWD', rate('3.25'), 'USD')).toBe(325);
    // A product past 2^53 is computed exactly and refused only when the result itself is not exact in a number.
    expect(convert(99_999_999_999_999, 'USD', rate('0.0000001'), 'EUR')).toBe(10_000_000);
    expect(convert(99_999_999_999_999, 'USD', rate('1000'), 'EUR')).toBeUndefined();
  });

  it('half to even is exact where binary floating point is not', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 1, max: 9_999_999 }), fc.integer({ min: 0, max: 6 }), (minor, units, scale) => {
        const text = rate(`${units}e-${scale}`.replace(/^(\d+)e-(\d+)$/, (_, digits: string, places: string) => (Number(places) === 0 ? digits : `${digits.padStart(Number(places) + 1, '0').slice(0, -Number(places))}.${digits.padStart(Number(places) + 1, '0').slice(-Number(places))}`)));
        const result = convert(minor, 'EUR', text, 'USD')!;
        // The exact product, as a fraction: the result is within half a unit, and a tie goes to the even one.
        const exact = BigInt(minor) * BigInt(units);
        const denominator = 10n ** BigInt(scale);
        const distance = BigInt(result) * denominator - exact;
        const twice = 2n * (distance < 0n ? -distance : distance);
        expect(twice <= denominator).toBe(true);
        if (twice === denominator) expect(Math.abs(result) % 2).toBe(0);
      }),
    );
  });

  it('finds the latest recent rate on or before a date, and says when the date is older than those kept', () => {
    const recent = [['2026-11-20', rate('1.2')], ['2026-11-13', rate('1.1')]] as const;
    expect(recentRateOn(recent, '2026-11-22', true)).toBe('1.2');
    expect(recentRateOn(recent, '2026-11-19', true)).toBe('1.1');
    expect(recentRateOn(recent, '2026-11-01', true)).toBeUndefined();
    expect(recentRateOn(recent, '2026-11-01', false)).toBe('older');
    expect(recentRateOn(undefined, '2026-11-01', true)).toBeUndefined();
  });

  it('keeps the newest rates, one per day, and says when the oldest falls off', () => {
    let kept: readonly (readonly [string, Rate])[] = [];
    let dropped = false;
    for (let day = 1; day <= RECENT_RATES_KEPT + 1; day++) ({ kept, dropped } = withRecentRate(kept, `2026-01-${String(day).padStart(2, '0')}`, rate(String(day))));
    expect(kept).toHaveLength(RECENT_RATES_KEPT);
    expect(dropped).toBe(true);
    expect(kept[0]).toEqual(['2026-02-01'.replace('2026-02-01', `2026-01-${RECENT_RATES_KEPT + 1}`), rate(String(RECENT_RATES_KEPT + 1))]);
    const replaced = withRecentRate(kept, kept[3]![0], rate('9'));
    expect(replaced.kept).toHaveLength(RECENT_RATES_KEPT);
    expect(replaced.kept[3]![1]).toBe('9');
  });
});

describe('home amounts', () => {
  it('books api.md’s example exactly: invoice EUR 1,000 at 1.10, receipt at 1.15, a gain of 50', () => {
    const invoice = inHomeCurrency(postingLines('receivable', BUSINESS, { subtotal: 100_000, tax: 0, total: 100_000 }), { currency: 'EUR', exchange_rate: rate('1.1') }, 'USD', GAINS)!;
    expect(invoice.map((line) => [line.base_debit, line.base_credit])).toEqual([[110_000, 0], [0, 110_000]]);
    const relieved = settlementRelief({ currency: 'EUR', rate: rate('1.1'), baseSettled: 0 }, 100_000, 'USD');
    const receipt = inHomeCurrency(moneyLines('receipt', BUSINESS, BANK, 100_000, relieved), { currency: 'EUR', exchange_rate: rate('1.15') }, 'USD', GAINS)!;
    expect(receipt).toEqual([
      { account_id: BANK, debit: 100_000, credit: 0, base_debit: 115_000, base_credit: 0 },
      expect.objectContaining({ debit: 0, credit: 100_000, base_debit: 0, base_credit: 110_000 }),
      { account_id: GAINS, debit: 0, credit: 0, base_debit: 0, base_credit: 5_000 },
    ]);
  });

  it('for any amounts and rates every entry balances in both currencies, and settling in parts at other rates leaves the receivable (an invoice paid by receipts) or the payable (a bill paid by payments) at zero in both', () => {
    const amount = fc.integer({ min: 1, max: 1_000_000_000 });
    const rateText = fc.tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 0, max: 5 })).map(([units, scale]) => {
      const parsed = parseRate(units / 10 ** scale);
      return 'rate' in parsed ? parsed.rate : rate('1');
    });
    fc.assert(
      fc.property(fc.constantFrom('receipt' as const, 'payment' as const), amount, amount, rateText, fc.array(fc.tuple(fc.integer({ min: 1, max: 100 }), rateText), { minLength: 1, maxLength: 6 }), (kind, subtotal, tax, documentRate, parts) => {
        const total = subtotal + tax;
        const control = systemAccountId(BUSINESS, kind === 'receipt' ? 'accounts_receivable' : 'accounts_payable');
        const invoice = inHomeCurrency(postingLines(kind === 'receipt' ? 'receivable' : 'payable', BUSINESS, { subtotal, tax, total }), { currency: 'EUR', exchange_rate: documentRate }, 'USD', GAINS)!;
        expect(isBalanced(invoice)).toBe(true);
        const receivable = invoice.find((line) => line.account_id === control)!;
        // The control account's net in each currency over the document and every settlement of it.
        const net = { document: 0, home: 0 };
        const addToNet = (lines: readonly { account_id: string; debit: number; credit: number; base_debit?: number; base_credit?: number }[]) => {
          for (const line of lines.filter((item) => item.account_id === control)) {
            net.document += line.debit - line.credit;
            net.home += (line.base_debit ?? 0) - (line.base_credit ?? 0);
          }
        };
        addToNet(invoice);
        let settled = 0;
        let baseSettled = 0;
        const weights = parts.reduce((sum, [weight]) => sum + weight, 0);
        parts.forEach(([weight, receiptRate], index) => {
          const part = index === parts.length - 1 ? total - settled : Math.floor((total * weight) / weights);
          if (part <= 0) return;
          settled += part;
          const relief = settlementRelief({ currency: 'EUR', rate: documentRate, baseSettled }, settled, 'USD');
          baseSettled += relief;
          const receipt = inHomeCurrency(moneyLines(kind, BUSINESS, BANK, part, relief), { currency: 'EUR', exchange_rate: receiptRate }, 'USD', GAINS)!;
          expect(isBalanced(receipt)).toBe(true);
          addToNet(receipt);
        });
        expect(settled).toBe(total);
        // Relieved in full: exactly what the document booked, so its control account nets to zero in both currencies.
        expect(baseSettled).toBe(kind === 'receipt' ? receivable.base_debit : receivable.base_credit);
        expect(net).toEqual({ document: 0, home: 0 });
      }),
      { numRuns: 300 },
    );
  });
});
