/**
 * Home-currency arithmetic: exchange rates as exact decimals (scaled integers, never binary floating point) and
 * conversions of integer minor units rounded half to even. A rate is held as its canonical decimal text ("1.1",
 * "0.0000237"): exactly what the client wrote, comparable as text, and stored as a string so no reader ever sees
 * it as a binary number.
 *
 * Written here rather than taken from a decimal library: the only operation is integer × scaled integer with one
 * rounding, which BigInt does exactly in a few lines, and every function bundle that posts carries this module.
 */
import { minorDigits } from '../platform/core/money.ts';

/** A rate's canonical decimal text: home-currency units for one unit of the posting's currency. */
export type Rate = string & { readonly __brand: 'Rate' };

export const HOME_RATE = '1' as Rate;

/** The published precision of a rate. */
export const RATE_SIGNIFICANT_DIGITS = 10;

/** A rate as a scaled integer: `units / 10^scale`. */
interface Scaled {
  readonly units: bigint;
  readonly scale: number;
}

function scaled(rate: Rate): Scaled {
  const [whole, fraction = ''] = rate.split('.');
  return { units: BigInt(`${whole}${fraction}`), scale: fraction.length };
}

/** Plain decimal text of a finite positive number as JavaScript prints it, exponent forms expanded. */
function plainDecimal(value: number): string {
  const text = String(value);
  const match = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const digits = `${match[1]}${match[2] ?? ''}`;
  const point = match[1]!.length + Number(match[3]);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * A rate as sent in JSON, or the reason it is refused. String(number) is the shortest text that reads back as the
 * same number, which is exactly the decimal the client wrote (at most 17 significant digits, so a rate of 11 is
 * seen as 11); nothing is computed in binary on the way.
 */
export function parseRate(value: number): { readonly rate: Rate } | { readonly problem: string } {
  if (!Number.isFinite(value) || value <= 0) return { problem: 'must be a number greater than 0' };
  const text = plainDecimal(value);
  const [whole = '0', fraction = ''] = text.split('.');
  const significant = `${whole}${fraction}`.replace(/^0+/, '').replace(/0+$/, '');
  if (significant.length > RATE_SIGNIFICANT_DIGITS) return { problem: `must have at most ${RATE_SIGNIFICANT_DIGITS} significant digits` };
  const trimmedFraction = fraction.replace(/0+$/, '');
  const canonical = `${whole.replace(/^0+(?=\d)/, '')}${trimmedFraction ? `.${trimmedFraction}` : ''}`;
  return { rate: canonical as Rate };
}

/** A stored rate (text written by `parseRate`), trusted. */
export function storedRate(text: unknown): Rate | undefined {
  return typeof text === 'string' && /^\d+(\.\d+)?$/.test(text) ? (text as Rate) : undefined;
}

/** A rate as a JSON number: its canonical text has at most 10 significant digits, so the number is that decimal. */
export function rateNumber(rate: Rate): number {
  return Number(rate);
}

/** `numerator / denominator` (denominator > 0) rounded half to even. */
function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  let quotient = abs / denominator;
  const twice = (abs % denominator) * 2n;
  if (twice > denominator || (twice === denominator && quotient % 2n === 1n)) quotient += 1n;
  return negative ? -quotient : quotient;
}

/**
 * Converts an amount in minor units of `from` to minor units of `to` at `rate`, rounded half to even to `to`'s
 * digits. Undefined when the result passes what a JavaScript number holds exactly (the caller refuses the rate).
 */
export function convert(minor: number, from: string, rate: Rate, to: string): number | undefined {
  const { units, scale } = scaled(rate);
  const numerator = BigInt(minor) * units * 10n ** BigInt(minorDigits(to));
  const denominator = 10n ** BigInt(scale + minorDigits(from));
  const result = divideHalfEven(numerator, denominator);
  const abs = result < 0n ? -result : result;
  return abs <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(result) : undefined;
}

/** `convert`, for amounts a posting has already accepted under this rate (a bound a caller checked). */
export function convertAccepted(minor: number, from: string, rate: Rate, to: string): number {
  const result = convert(minor, from, rate, to);
  if (result === undefined) throw new Error(`${minor} ${from} at ${rate} passes the exact range in ${to}`);
  return result;
}

/** A business's rates on record for one currency, newest first: `[date, rate]`. */
export type RateHistory = readonly (readonly [string, Rate])[];

/**
 * The latest rate on or before `date` among the recent ones kept, `undefined` when none is, and `'older'` when the
 * date lies before the oldest kept (a rate may exist further back: the caller asks the full history).
 */
export function recentRateOn(recent: RateHistory | undefined, date: string, complete: boolean): Rate | undefined | 'older' {
  if (!recent || recent.length === 0) return complete ? undefined : 'older';
  for (const [day, rate] of recent) if (day <= date) return rate;
  return complete ? undefined : 'older';
}

/** How many recent rates per currency a business keeps where every posting's read already looks. */
export const RECENT_RATES_KEPT = 31;

/** The recent rates with one more (replacing that day's), newest first, the oldest beyond the bound dropped. */
export function withRecentRate(recent: RateHistory, date: string, rate: Rate): { readonly kept: RateHistory; readonly dropped: boolean } {
  const merged = [...recent.filter(([day]) => day !== date), [date, rate] as const].sort(([a], [b]) => b.localeCompare(a));
  return { kept: merged.slice(0, RECENT_RATES_KEPT), dropped: merged.length > RECENT_RATES_KEPT };
}
