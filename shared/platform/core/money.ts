/**
 * Money is held as integer minor units (cents, fils, yen) and only turned into a JSON number at the edge.
 * The digits of each currency come from the ISO 4217 data that ships with Node's Intl, so no table is kept here.
 */

export type Minor = number & { readonly __brand: 'Minor' };

const supported = new Set(Intl.supportedValuesOf('currency'));

export function isCurrency(code: string): boolean {
  return supported.has(code);
}

/** Minor digits by currency: building an Intl.NumberFormat costs more than all the rest of a conversion, and every amount shown or read converts. */
const digitsByCurrency = new Map<string, number>();

export function minorDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
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

/**
 * The published limit: no amount, line or document total may exceed 999,999,999,999.99 in major units of its
 * currency. In minor units that is below 10^15 even with three minor digits, so any one amount, and the sum of
 * up to nine of them, stays an exact integer in a JavaScript number (below 2^53); sums over many documents, as
 * reports make, are added as BigInt instead.
 */
export const MAX_AMOUNT_MAJOR = 999_999_999_999.99;
export const MAX_AMOUNT_TEXT = '999999999999.99';
const MAX_WHOLE = 999_999_999_999n;

/** The limit in minor units of `currency`: 99999999999999 for USD, 999999999999 for JPY, 999999999999990 for KWD. */
export function maxMinor(currency: string): number {
  const scale = 10n ** BigInt(minorDigits(currency));
  return Number(MAX_WHOLE * scale + (99n * scale) / 100n);
}

export function withinLimit(minor: number, currency: string): boolean {
  return Math.abs(minor) <= maxMinor(currency);
}

export function toMajor(minor: number, currency: string): number {
  const digits = minorDigits(currency);
  return Number((minor / 10 ** digits).toFixed(digits));
}

/**
 * A sum of minor units as its exact decimal text in major units (BigInt in, no floating point on the way), for
 * totals that may pass what a JavaScript number holds exactly.
 */
export function majorText(minor: bigint, currency: string): string {
  const digits = minorDigits(currency);
  const negative = minor < 0n;
  const text = (negative ? -minor : minor).toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = digits > 0 ? text.slice(text.length - digits).replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A decimal that must reach JSON digit for digit: a sum past what a JavaScript number holds exactly. */
export class ExactDecimal {
  constructor(readonly text: string) {}
}

/**
 * A sum in major units as a JSON number: a plain number while it is exact, and past 2^53 minor units an
 * ExactDecimal carrying the exact decimal text, which the response writer puts out as a number, digit for digit.
 */
export function exactMajor(minor: bigint, currency: string): number | ExactDecimal {
  const abs = minor < 0n ? -minor : minor;
  if (abs <= BigInt(Number.MAX_SAFE_INTEGER)) return toMajor(Number(minor), currency);
  return new ExactDecimal(majorText(minor, currency));
}
