import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apportion, documentTotals } from '../../shared/ledger/totals.ts';

const line = (unitPrice: number, taxRate: number, taxRateId = `r${taxRate}`, quantity = 1) => ({ quantity, unitPrice, taxRate, taxRateId });

describe('apportion', () => {
  it('shares a total out in proportion, the units left over to the largest remainders, always adding up', () => {
    expect(apportion(10n, [1n, 1n, 1n])).toEqual([4n, 3n, 3n]);
    expect(apportion(-10n, [1n, 1n, 1n])).toEqual([-3n, -3n, -4n]);
    expect(apportion(100n, [300n, -100n])).toEqual([150n, -50n]);
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.array(fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }), { minLength: 1, maxLength: 20 }), (total, weights) => {
        expect(apportion(total, weights).reduce((a, b) => a + b, 0n)).toBe(total);
      }),
    );
  });
});

describe('a document\'s tax, per rate and per line, exclusive and inclusive', () => {
  it('per rate (the default for new documents): three lines of 0.10 at 5% carry 0.02 of tax, where per line they carried none', () => {
    const lines = [line(10, 5), line(10, 5), line(10, 5)];
    const perRate = documentTotals(lines, { rounding: 'rate', amounts: 'exclusive' });
    // 0.30 × 5% = 0.015, rounded once: 0.02, shared out so the lines add up to it.
    expect(perRate).toMatchObject({ subtotal: 30, taxTotal: 2, total: 32 });
    expect(perRate.lines.map((computed) => computed.tax)).toEqual([1, 1, 0]);
    // Per line: 0.10 × 5% = 0.005 rounds to 0.01 on each line: 0.03, a cent more.
    const perLine = documentTotals(lines, { rounding: 'line', amounts: 'exclusive' });
    expect(perLine).toMatchObject({ subtotal: 30, taxTotal: 3, total: 33 });
  });

  it('rounds each rate on its own: lines of two rates are never totalled together', () => {
    const totals = documentTotals([line(1999, 20), line(333, 7.5), line(1001, 20), line(333, 7.5)], { rounding: 'rate', amounts: 'exclusive' });
    // 30.00 × 20% = 6.00; 6.66 × 7.5% = 0.4995 → 0.50.
    expect(totals).toMatchObject({ subtotal: 3666, taxTotal: 650, total: 4316 });
  });

  it('inclusive: the gross holds its tax, and the lines\' nets add up to each rate\'s net (BR-CO-10)', () => {
    // 3 × 10.00 gross at 20%: tax within 30.00 is 5.00, net 25.00, shared 8.34 + 8.33 + 8.33.
    const totals = documentTotals([line(1000, 20), line(1000, 20), line(1000, 20)], { rounding: 'rate', amounts: 'inclusive' });
    expect(totals).toMatchObject({ subtotal: 2500, taxTotal: 500, total: 3000 });
    expect(totals.lines).toEqual([{ amount: 834, tax: 166 }, { amount: 833, tax: 167 }, { amount: 833, tax: 167 }]);
    // Per line, inclusive: each 10.00 holds 1.67 (1.6667), so 5.01 in all, and the total is still the gross.
    expect(documentTotals([line(1000, 20), line(1000, 20), line(1000, 20)], { rounding: 'line', amounts: 'inclusive' })).toMatchObject({ subtotal: 2499, taxTotal: 501, total: 3000 });
  });

  it('per line, exclusive, is the arithmetic of documents posted before tax rates', () => {
    expect(documentTotals([line(12345, 7.25, 'x', 3)])).toMatchObject({ subtotal: 37035, taxTotal: 2685, total: 39720 });
  });

  it('any treatment: lines add up to the totals, each rate\'s tax is its net times the rate rounded once (exclusive), or the gross is kept (inclusive)', () => {
    const rates = [0, 5, 7.5, 20];
    fc.assert(
      fc.property(fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 1000 }), unitPrice: fc.integer({ min: -100_000, max: 1_000_000 }), rate: fc.constantFrom(...rates) }), { minLength: 1, maxLength: 30 }), fc.constantFrom('exclusive' as const, 'inclusive' as const), (drawn, amounts) => {
        const lines = drawn.map((entry) => line(entry.unitPrice, entry.rate, `r${entry.rate}`, entry.quantity));
        const totals = documentTotals(lines, { rounding: 'rate', amounts });
        expect(totals.lines.reduce((sum, computed) => sum + computed.amount, 0)).toBe(totals.subtotal);
        expect(totals.lines.reduce((sum, computed) => sum + computed.tax, 0)).toBe(totals.taxTotal);
        for (const rate of rates) {
          const at = lines.map((_, index) => index).filter((index) => lines[index]!.taxRate === rate);
          const gross = at.reduce((sum, index) => sum + lines[index]!.quantity * lines[index]!.unitPrice, 0);
          const net = at.reduce((sum, index) => sum + totals.lines[index]!.amount, 0);
          const tax = at.reduce((sum, index) => sum + totals.lines[index]!.tax, 0);
          // net × rate / 100, rounded half away from zero, in integers (rates here have one decimal at most).
          const tenths = net * rate * 10;
          if (amounts === 'exclusive') expect(tax).toBe(Math.sign(tenths) * Math.floor((Math.abs(tenths) * 2 + 1000) / 2000) || 0);
          else expect(net + tax).toBe(gross);
        }
      }),
    );
  });
});
