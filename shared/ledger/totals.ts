/**
 * Document arithmetic in integers only. Quantities and tax rates carry up to four decimals; they are scaled to
 * integers and multiplied as BigInt, and each line rounds once, half away from zero, to the currency's minor unit.
 */
const SCALE = 10_000n;

export interface LineInput {
  readonly quantity: number;
  /** Minor units of the document currency. */
  readonly unitPrice: number;
  /** Percent, such as 20 or 7.5. */
  readonly taxRate: number;
}

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

export function documentTotals(lines: readonly LineInput[]): DocumentTotals {
  const computed = lines.map(lineTotals);
  const subtotal = computed.reduce((sum, line) => sum + line.amount, 0);
  const taxTotal = computed.reduce((sum, line) => sum + line.tax, 0);
  return { subtotal, taxTotal, total: subtotal + taxTotal, lines: computed };
}

/**
 * The tax inside a tax-inclusive gross amount (a bank line categorized with a tax rate): gross × rate / (100 +
 * rate), rounded once, half away from zero, like a document line's tax.
 */
export function inclusiveTax(gross: number, taxRate: number): number {
  const rate = toScaled(taxRate);
  if (rate === null) throw new RangeError('tax_rate takes at most four decimals');
  return Number(divideRounded(BigInt(gross) * rate, SCALE * 100n + rate));
}
