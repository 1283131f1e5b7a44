/**
 * Document arithmetic in integers only. Quantities and tax rates carry up to four decimals; they are scaled to
 * integers and multiplied as BigInt, and every rounding is once, half away from zero, to the currency's minor unit.
 * Tax is rounded per tax rate over the document by default (EN 16931 BR-CO-17: a rate's tax is its lines' net
 * total times the rate), or per line where the business chooses; inclusive amounts hold their tax.
 */
const SCALE = 10_000n;

export interface LineInput {
  readonly quantity: number;
  /** Minor units of the document currency. */
  readonly unitPrice: number;
  /** Percent, such as 20 or 7.5: the tax the line carries (0 for a sale at a reverse-charge rate). */
  readonly taxRate: number;
  /** The tax rate the line names: per-rate rounding totals the lines of one rate together. */
  readonly taxRateId?: string | null;
}

/** How a document's tax is rounded and whether its amounts hold their tax (`amounts: inclusive`). */
export interface TaxTreatment {
  readonly rounding: 'rate' | 'line';
  readonly amounts: 'exclusive' | 'inclusive';
}

/** The arithmetic of documents posted before tax rates: per line, exclusive. */
export const PER_LINE_EXCLUSIVE: TaxTreatment = { rounding: 'line', amounts: 'exclusive' };

export interface LineTotals {
  readonly amount: number;
  readonly tax: number;
}

/** Scales a decimal with at most four places to an integer count of ten-thousandths, or null. */
export function toScaled(value: number): bigint | null {
  if (!Number.isFinite(value)) return null;
  const text = String(Math.abs(value));
  if (text.includes('e')) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length > 4) return null;
  const scaled = BigInt(whole + fraction.padEnd(4, '0'));
  return value < 0 ? -scaled : scaled;
}

/** `numerator / denominator`, rounded once, half away from zero: every share and line of the ledger rounds so. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

export function lineTotals(line: LineInput): LineTotals {
  const quantity = toScaled(line.quantity);
  const rate = toScaled(line.taxRate);
  if (quantity === null || rate === null) throw new RangeError('quantity and tax_rate take at most four decimals');
  const amount = divideRounded(quantity * BigInt(line.unitPrice), SCALE);
  const tax = divideRounded(amount * rate, SCALE * 100n);
  return { amount: Number(amount), tax: Number(tax) };
}

export interface DocumentTotals {
  readonly subtotal: number;
  readonly taxTotal: number;
  readonly total: number;
  readonly lines: readonly LineTotals[];
}

/**
 * `total` shared out in proportion to `weights`, each share rounded down and the units left over given to the
 * largest remainders (ties to the earlier): the shares always add up to `total` exactly.
 */
export function apportion(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map((_, index) => (index === 0 ? total : 0n));
  // Against a positive sum, floor division leaves each remainder in [0, sum) whatever the signs (a discount line).
  const sign = sum < 0n ? -1n : 1n;
  const divisor = sum * sign;
  const floorDiv = (a: bigint) => (a % divisor !== 0n && a < 0n ? a / divisor - 1n : a / divisor);
  const shares = weights.map((weight) => floorDiv(total * weight * sign));
  const remainders = weights.map((weight, index) => ({ index, remainder: total * weight * sign - shares[index]! * divisor }));
  let left = total - shares.reduce((a, b) => a + b, 0n);
  for (const { index } of remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1))) {
    if (left <= 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return shares;
}

const scaledRate = (taxRate: number) => {
  const rate = toScaled(taxRate);
  if (rate === null) throw new RangeError('tax_rate takes at most four decimals');
  return rate;
};

/** The tax held in a gross amount at a rate: gross × rate / (100 + rate), rounded once. */
const taxWithin = (gross: bigint, rate: bigint) => divideRounded(gross * rate, SCALE * 100n + rate);

/**
 * A document's lines and totals under its treatment. Exclusive: each line's net is quantity × unit price; per rate,
 * the tax is the rate's net total times the rate, rounded once, and shared out over its lines so that they add up
 * to it. Inclusive: each line's amount is gross; per rate, the tax within the gross total is rounded once, and the
 * net total (gross less that tax) is shared out over the lines, so the lines' nets add up to the rate's net
 * (BR-CO-10). Per line: each line rounds its own tax, as documents before tax rates did.
 */
export function documentTotals(lines: readonly LineInput[], treatment: TaxTreatment = PER_LINE_EXCLUSIVE): DocumentTotals {
  const scaled = lines.map((line) => {
    const quantity = toScaled(line.quantity);
    if (quantity === null) throw new RangeError('quantity takes at most four decimals');
    return { priced: divideRounded(quantity * BigInt(line.unitPrice), SCALE), rate: scaledRate(line.taxRate) };
  });
  const net = scaled.map((line) => line.priced);
  const tax = scaled.map(() => 0n);
  const groups = new Map<string, number[]>();
  lines.forEach((line, index) => {
    // Per line, each line is a group of its own; per rate, the lines of one rate (and percentage) together.
    const group = treatment.rounding === 'line' ? `#${index}` : `${line.taxRateId ?? ''}@${line.taxRate}`;
    groups.set(group, [...(groups.get(group) ?? []), index]);
  });
  for (const members of groups.values()) {
    const rate = scaled[members[0]!]!.rate;
    const priced = members.map((index) => scaled[index]!.priced);
    const pricedTotal = priced.reduce((a, b) => a + b, 0n);
    if (treatment.amounts === 'exclusive') {
      const shares = apportion(divideRounded(pricedTotal * rate, SCALE * 100n), priced);
      members.forEach((index, at) => (tax[index] = shares[at]!));
    } else {
      const nets = apportion(pricedTotal - taxWithin(pricedTotal, rate), priced);
      members.forEach((index, at) => {
        net[index] = nets[at]!;
        tax[index] = priced[at]! - nets[at]!;
      });
    }
  }
  const computed = lines.map((_, index) => ({ amount: Number(net[index]), tax: Number(tax[index]) }));
  const subtotal = computed.reduce((sum, line) => sum + line.amount, 0);
  const taxTotal = computed.reduce((sum, line) => sum + line.tax, 0);
  return { subtotal, taxTotal, total: subtotal + taxTotal, lines: computed };
}

/**
 * The tax inside a tax-inclusive gross amount (a bank line categorized with a tax rate): gross × rate / (100 +
 * rate), rounded once, half away from zero, like a document line's tax.
 */
export function inclusiveTax(gross: number, taxRate: number): number {
  return Number(taxWithin(BigInt(gross), scaledRate(taxRate)));
}

/** The tax on a net amount at a rate (a bank payment's self-assessed reverse charge): net × rate, rounded once. */
export function exclusiveTax(net: number, taxRate: number): number {
  return Number(divideRounded(BigInt(net) * scaledRate(taxRate), SCALE * 100n));
}
