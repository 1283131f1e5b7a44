import { describe, expect, it } from 'vitest';
import { exactMajor, majorText, maxMinor, toMinor, withinLimit } from '../../shared/platform/core/money.ts';
import { netsByCurrency, sides } from '../../shared/ledger/trial-balance.ts';
import { successResponse } from '../../shared/platform/http/responses.ts';

describe('the published amount limit', () => {
  it('is 999,999,999,999.99 in major units, in each currency’s minor units below 2^53', () => {
    expect(maxMinor('USD')).toBe(99_999_999_999_999);
    expect(maxMinor('JPY')).toBe(999_999_999_999);
    expect(maxMinor('KWD')).toBe(999_999_999_999_990);
    for (const currency of ['USD', 'JPY', 'KWD', 'EUR', 'BHD']) expect(maxMinor(currency) * 9).toBeLessThan(Number.MAX_SAFE_INTEGER);
    expect(withinLimit(toMinor(999_999_999_999.99, 'USD')!, 'USD')).toBe(true);
    expect(withinLimit(toMinor(90_071_992_547_409.91, 'USD') ?? Number.MAX_SAFE_INTEGER, 'USD')).toBe(false);
  });
});

describe('report sums past 2^53 minor units stay exact', () => {
  const invoice = (minor: number) => ({ currency: 'USD', lines: [{ account_id: 'receivable', debit: minor, credit: 0 }, { account_id: 'income', debit: 0, credit: minor }] });

  it('adds as BigInt: 91 invoices at the limit, two cents apart, sum to the cent', () => {
    const entries = Array.from({ length: 91 }, (_, index) => invoice(maxMinor('USD') - 2 * index));
    const nets = netsByCurrency(entries).get('USD')!;
    const expected = 91n * 99_999_999_999_999n - 90n * 91n;
    expect(nets.get('receivable')).toBe(expected);
    expect(nets.get('income')).toBe(-expected);
    expect(expected > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    const totals = sides(nets.values());
    expect(totals.debit).toBe(totals.credit);
    // The float sum the trial balance used to make drops cents here; the BigInt one does not.
    const floatSum = entries.reduce((sum, entry) => sum + entry.lines[0]!.debit, 0);
    expect(BigInt(floatSum)).not.toBe(expected);
  });

  it('writes such a sum into the JSON answer digit for digit, and ordinary amounts as plain numbers', () => {
    expect(majorText(909_999_999_999_994_814n, 'USD')).toBe('9099999999999948.14');
    expect(majorText(-5n, 'KWD')).toBe('-0.005');
    expect(majorText(1200n, 'JPY')).toBe('1200');
    expect(exactMajor(12_345n, 'USD')).toBe(123.45);
    const body = successResponse({ status: 200, message: 'report', data: { total_debit: exactMajor(909_999_999_999_994_814n, 'USD'), total_credit: exactMajor(12_345n, 'USD') } }).body!;
    expect(body).toContain('"total_debit":9099999999999948.14');
    expect(body).toContain('"total_credit":123.45');
  });
});
