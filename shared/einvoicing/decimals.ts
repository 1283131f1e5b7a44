/** Decimal text for an e-invoice, from integers only: what the XML carries must equal the books to the digit. */
import { majorText, minorDigits } from '../platform/core/money.ts';

/** Minor units as decimal text in major units (`1990` EUR → `19.9`). */
export const amountText = (minor: number, currency: string): string => majorText(BigInt(minor), currency);

/** A quantity (at most four decimals, as lines take it) scaled to an integer of ten-thousandths. */
const QUANTITY_SCALE = 10_000n;
const quantityUnits = (quantity: number): bigint => BigInt(Math.round(Math.abs(quantity) * Number(QUANTITY_SCALE)));

/** The quotient as decimal text with at most `places` decimals, rounded half up, trailing zeros dropped. */
function quotientText(numerator: bigint, denominator: bigint, places: number): string {
  const scale = 10n ** BigInt(places);
  const scaled = (numerator * scale * 2n + denominator) / (denominator * 2n);
  const text = scaled.toString().padStart(places + 1, '0');
  const fraction = text.slice(text.length - places).replace(/0+$/, '');
  return `${text.slice(0, text.length - places)}${fraction ? `.${fraction}` : ''}`;
}

/** Up to six decimals: a net price is the line's net over its quantity, which need not come out in cents. */
const PRICE_PLACES = 6;

/** The net unit price of a line (BT-146): its net amount over its quantity, never negative (BR-27). */
export function netPriceText(netMinor: number, quantity: number, currency: string): string {
  const units = quantityUnits(quantity);
  if (units === 0n) return '0';
  return quotientText(BigInt(Math.abs(netMinor)) * QUANTITY_SCALE, units * 10n ** BigInt(minorDigits(currency)), PRICE_PLACES);
}

/** The quantity as decimal text, negative on a line that takes an amount off (EN 16931 reads a negative quantity so). */
export function quantityText(quantity: number, negative: boolean): string {
  const text = quotientText(quantityUnits(quantity), QUANTITY_SCALE, 4);
  return negative && text !== '0' ? `-${text}` : text;
}

/** A percentage as decimal text (at most four decimals, as tax rates take it). */
export const percentText = (percent: number): string => quotientText(BigInt(Math.round(percent * 10_000)), 10_000n, 4);
