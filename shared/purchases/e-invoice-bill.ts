/**
 * A supplier's e-invoice as the create body of a bill (or, for a credit note, a vendor credit): pure rules, beside
 * the use case (`e-invoice-import.ts`). Every line keeps its net amount to the cent; its quantity and price too,
 * where the bill's own arithmetic gives that net back exactly (four decimals of quantity, the currency's of price),
 * else it is one unit at its net amount, the supplier's quantity and price kept in the description. Document-level
 * allowances and charges become lines of their own at their category's rate, so the bill's net per rate is the
 * e-invoice's. Each category and rate names one of the business's tax rates.
 */
import type { FieldProblem } from '../platform/core/errors.ts';
import { minorDigits, toMajor, toMinor } from '../platform/core/money.ts';
import { carriedRate, documentTotals, TAX_CATEGORY } from '../ledger/index.ts';
import type { TaxKind, TaxRateRecord } from '../ledger/index.ts';
import type { Id } from '../platform/core/ids.ts';
import type { ReceivedInvoice, VatCategory } from '../einvoicing/index.ts';

/** The most lines a bill holds (`DocumentLines`). */
const MAX_LINES = 200;
const MAX_DESCRIPTION = 500;

/** A line of the bill's create body. */
export interface BillLine {
  readonly description: string;
  readonly quantity: number;
  readonly unit_price: number;
  readonly tax_rate_id?: Id;
  readonly tax_rate?: number;
}

/** How a line names its tax rate: an existing rate, or a bare standard percentage (the rate it names is then created once). */
type RateChoice = { readonly tax_rate_id: Id } | { readonly tax_rate: number };

/** The kinds of a category, the one a rate of a received invoice is looked for among (S: standard or reduced). */
const kindsOf = (category: VatCategory): TaxKind[] => (Object.entries(TAX_CATEGORY) as [TaxKind, VatCategory][]).filter(([, each]) => each === category).map(([kind]) => kind);

/**
 * The rate a category and percentage of a received invoice names: an active rate of that category and percentage
 * (a reverse-charge rate of any: the supplier's document carries 0%, the business's rate is what it self-assesses);
 * for a standard percentage the business has no rate of, that percentage (created once by the posting). Another
 * category the business has no active rate of cannot be booked: the problem says which to create.
 */
export function rateChoice(rates: readonly TaxRateRecord[], category: VatCategory, percent: number, field: string): RateChoice | FieldProblem {
  const kinds = kindsOf(category);
  const active = rates.filter((rate) => !rate.archived && kinds.includes(rate.kind) && (category === 'AE' || rate.rate === percent));
  const chosen = active.find((rate) => rate.kind === 'standard') ?? active[0];
  if (chosen) return { tax_rate_id: chosen.id };
  if (category === 'S') return { tax_rate: percent };
  return { field, message: `is category ${category} at ${percent}%, and the business has no active ${kinds.join(' or ').replace('_', '-')} tax rate${category === 'AE' ? '' : ` of ${percent}%`}: create one (POST /tax-rates) and import again` };
}

/** Decimal text as an integer of 10^-places, when it has at most that many decimals; undefined otherwise. */
export function scaledInteger(text: string, places: number): bigint | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > places) return undefined;
  const value = BigInt(`${match[2]}${fraction.padEnd(places, '0')}`);
  return match[1] ? -value : value;
}

const clipped = (text: string) => (text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text);

/**
 * A line's quantity and unit price as the bill takes them, its net exactly: the supplier's own, when the quantity
 * has at most four decimals, the price at most the currency's, and their product is the net; else one unit at the
 * net. A negative quantity (a return, a discount line) becomes a negative price: a bill's quantities are positive.
 */
export function quantityAndPrice(quantityText: string, priceText: string, net: number, currency: string): { readonly quantity: number; readonly unit_price: number; readonly exact: boolean } {
  const digits = minorDigits(currency);
  const quantity = scaledInteger(quantityText, 4);
  const price = scaledInteger(priceText, digits);
  if (quantity !== undefined && price !== undefined && quantity !== 0n && quantity * price === BigInt(net) * 10_000n) {
    const sign = quantity < 0n ? -1 : 1;
    return { quantity: (sign * Number(quantity)) / 10_000, unit_price: sign * toMajor(Number(price), currency), exact: true };
  }
  return { quantity: 1, unit_price: toMajor(net, currency), exact: false };
}

/** A bill's net, tax and total, in minor units. */
export interface BillTotals {
  readonly subtotal: number;
  readonly tax_total: number;
  readonly total: number;
}

/**
 * What the document engine will make of these lines (`documentTotals`, the same arithmetic): each line at the
 * percentage its rate carries, grouped by rate, rounded as the business rounds.
 */
function totalsOf(lines: readonly BillLine[], rates: readonly TaxRateRecord[], rounding: 'rate' | 'line', currency: string): BillTotals {
  const byId = new Map(rates.map((rate) => [rate.id, rate]));
  const computed = documentTotals(
    lines.map((line) => {
      const named = line.tax_rate_id ? byId.get(line.tax_rate_id) : undefined;
      return { quantity: line.quantity, unitPrice: toMinor(line.unit_price, currency)!, taxRate: named ? carriedRate(named.kind, named.rate) : (line.tax_rate ?? 0), taxRateId: line.tax_rate_id ?? `standard@${line.tax_rate}` };
    }),
    { rounding, amounts: 'exclusive' },
  );
  return { subtotal: computed.subtotal, tax_total: computed.taxTotal, total: computed.total };
}

/**
 * The create body of a bill (vendor credit) from a received e-invoice and the business's tax rates, all but its
 * vendor, and the totals the bill will come to under the business's tax rounding; or every problem at once.
 */
export function billBodyOf(invoice: ReceivedInvoice, rates: readonly TaxRateRecord[], rounding: 'rate' | 'line' = 'rate'): { readonly body: Record<string, unknown>; readonly totals: BillTotals } | { readonly problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const choose = (category: VatCategory, percent: number, field: string) => {
    const choice = rateChoice(rates, category, percent, field);
    if ('field' in choice) {
      problems.push(choice);
      return {};
    }
    return choice;
  };
  const lines: BillLine[] = invoice.lines.map((line, index) => {
    const { quantity, unit_price, exact } = quantityAndPrice(line.quantity, line.price, line.net, invoice.currency);
    const description = exact ? line.name : `${line.name} (${line.quantity} × ${line.price})`;
    return { description: clipped(description || `Line ${line.id}`), quantity, unit_price, ...choose(line.category, line.percent, `lines[${index}]`) };
  });
  invoice.allowances.forEach((entry, index) => {
    const label = entry.charge ? 'Charge' : 'Allowance';
    lines.push({ description: clipped(entry.reason ? `${label}: ${entry.reason}` : label), quantity: 1, unit_price: toMajor(entry.charge ? entry.amount : -entry.amount, invoice.currency), ...choose(entry.category, entry.percent, `allowances[${index}]`) });
  });
  if (lines.length > MAX_LINES) problems.push({ field: 'lines', message: `are ${lines.length} with the document's allowances and charges; a bill holds at most ${MAX_LINES}` });
  if (invoice.rounding !== 0) problems.push({ field: 'BT-114', message: 'is a rounding amount, which a bill cannot hold: its total is the sum of its lines and tax' });
  if (problems.length > 0) return { problems };
  const dateField = invoice.typeCode === '381' ? 'date' : 'bill_date';
  return {
    totals: totalsOf(lines, rates, rounding, invoice.currency),
    body: {
      [dateField]: invoice.issueDate,
      ...(invoice.typeCode === '380' && invoice.dueDate ? { due_date: invoice.dueDate } : {}),
      currency: invoice.currency,
      reference: invoice.number.slice(0, 100),
      ...(invoice.note ? { note: invoice.note.slice(0, 2000) } : {}),
      amounts: 'exclusive',
      lines,
    },
  };
}

/** Where the bill made differs from the e-invoice it was made from (its net, tax or total), each named; none when they agree. */
export function totalsDiffer(invoice: ReceivedInvoice, bill: BillTotals): FieldProblem[] {
  const differs = (field: string, theirs: number, ours: number) => (theirs === ours ? [] : [{ field, message: `is ${toMajor(theirs, invoice.currency)} on the e-invoice, but the bill comes to ${toMajor(ours, invoice.currency)} (the service computes tax per rate, rounded half up)` }]);
  return [...differs('BT-109', invoice.taxExclusive, bill.subtotal), ...differs('BT-110', invoice.taxTotal, bill.tax_total), ...differs('BT-112', invoice.taxInclusive, bill.total)];
}
