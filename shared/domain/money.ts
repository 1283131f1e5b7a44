/**
 * Money is held as integer minor units (cents, fils, yen) and only turned into a JSON number at the edge.
 * The digits of each currency come from the ISO 4217 data that ships with Node's Intl, so no table is kept here.
 */

export type Minor = number & { readonly __brand: 'Minor' };

const supported = new Set(Intl.supportedValuesOf('currency'));

export function isCurrency(code: string): boolean {
  return supported.has(code);
}

export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * Converts a major-unit amount as sent in JSON to integer minor units, or null when it has more decimals than
 * the currency allows or is too large. String(number) is the shortest text that round-trips, which is exactly
 * the decimal the client wrote, so the check never sees binary floating-point noise.
 */
export function toMinor(amount: number, currency: string): Minor | null {
  if (!Number.isFinite(amount)) return null;
  const text = String(Math.abs(amount));
  // Exponent forms are either below a millionth or above 1e21: never a valid amount of money.
  if (text.includes('e')) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const digits = minorDigits(currency);
  if (fraction.length > digits) return null;
  const minor = Number(whole + fraction.padEnd(digits, '0'));
  if (!Number.isSafeInteger(minor)) return null;
  return (amount < 0 ? -minor : minor) as Minor;
}

export function toMajor(minor: number, currency: string): number {
  const digits = minorDigits(currency);
  return Number((minor / 10 ** digits).toFixed(digits));
}
