import { describe, expect, it } from 'vitest';
import { isCurrency, minorDigits, toMajor, toMinor } from '../../shared/platform/core/money.ts';

describe('money', () => {
  it('knows the minor digits of a currency', () => {
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('KWD')).toBe(3);
  });

  it.each([
    [10.1, 'USD', 1010],
    [0.07, 'USD', 7],
    [-12.34, 'USD', -1234],
    [1500, 'JPY', 1500],
    [1.234, 'KWD', 1234],
    [0, 'USD', 0],
    [90071992547409.9, 'USD', 9007199254740990],
  ])('%d %s is %d minor units', (amount, currency, minor) => {
    expect(toMinor(amount, currency)).toBe(minor);
  });

  it.each([
    [10.123, 'USD'],
    [1.5, 'JPY'],
    [1.2345, 'KWD'],
    [0.1 + 0.2, 'USD'],
    [1e-7, 'USD'],
    [1e21, 'USD'],
    [1e17, 'USD'],
    [Number.NaN, 'USD'],
    [Number.POSITIVE_INFINITY, 'USD'],
  ])('refuses %d %s', (amount, currency) => {
    expect(toMinor(amount, currency)).toBeNull();
  });

  it('turns minor units back into the same major amount', () => {
    expect(toMajor(1010, 'USD')).toBe(10.1);
    expect(toMajor(1234, 'KWD')).toBe(1.234);
    expect(toMajor(-7, 'USD')).toBe(-0.07);
  });

  it('knows ISO 4217 codes only', () => {
    expect(isCurrency('EUR')).toBe(true);
    expect(isCurrency('eur')).toBe(false);
    expect(isCurrency('XYZ')).toBe(false);
  });
});
