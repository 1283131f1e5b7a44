/**
 * What a tax rate is, as a tax return and an EN 16931 invoice read it: its kind, the VAT category each kind is,
 * which kinds must say why they carry no tax, and the rates each kind may have. Pure rules, beside the use cases.
 */
import type { FieldProblem } from '../../platform/core/errors.ts';

export const TAX_KINDS = ['standard', 'reduced', 'zero', 'exempt', 'intra_community', 'export', 'out_of_scope', 'reverse_charge'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

/** Each kind is one EN 16931 VAT category (UNTDID 5305): S, Z, E, AE, K, G, O. */
export const TAX_CATEGORY: Readonly<Record<TaxKind, 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O'>> = {
  standard: 'S',
  reduced: 'S',
  zero: 'Z',
  exempt: 'E',
  intra_community: 'K',
  export: 'G',
  out_of_scope: 'O',
  reverse_charge: 'AE',
};

/** The kinds an invoice must give a reason for (BR-Z-10 … BR-AE-10, BR-IC-10, BR-G-10, BR-E-10). */
export const NEEDS_EXEMPTION_REASON: ReadonlySet<TaxKind> = new Set(['zero', 'exempt', 'intra_community', 'export', 'reverse_charge']);

/** The kinds whose rate is always 0 on the document (EN 16931: Z, E, K, G and O carry no tax). */
const NO_TAX: ReadonlySet<TaxKind> = new Set(['zero', 'exempt', 'intra_community', 'export', 'out_of_scope']);

/**
 * The tax a line at a rate of this kind carries on its document. A line at a reverse-charge rate carries none: the
 * buyer accounts for it (a purchase at one is self-assessed at its rate, booked to both tax accounts, beside the
 * document's own figures: `selfAssessedRate`).
 */
export function carriedRate(kind: TaxKind, rate: number): number {
  return kind === 'reverse_charge' ? 0 : rate;
}

/** The rate a purchase line is self-assessed at: its rate's, at a reverse-charge rate; none otherwise. */
export function selfAssessedRate(kind: TaxKind, rate: number, side: 'sales' | 'purchases'): number {
  return kind === 'reverse_charge' && side === 'purchases' ? rate : 0;
}

export interface TaxRateFacts {
  readonly rate: number;
  readonly kind: TaxKind;
  readonly exemption_reason: string | null;
}

/** What is wrong with a rate as it would be, every problem at once. */
export function taxRateProblems(facts: TaxRateFacts): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (NO_TAX.has(facts.kind) && facts.rate !== 0) problems.push({ field: 'rate', message: `must be 0 for a ${facts.kind.replace('_', '-')} rate` });
  if ((facts.kind === 'standard' || facts.kind === 'reduced') && facts.rate === 0) problems.push({ field: 'rate', message: `must be more than 0 for a ${facts.kind} rate (a 0% rate is zero, exempt or out of scope)` });
  if (NEEDS_EXEMPTION_REASON.has(facts.kind) && !facts.exemption_reason) problems.push({ field: 'exemption_reason', message: `is required for a ${facts.kind.replace('_', '-')} rate: say why it carries no tax (it is printed on the invoice)` });
  return problems;
}

/** The rates a business starts with, each of a kind that carries no tax, at 0%. */
export const STARTING_RATES: readonly { readonly kind: TaxKind; readonly name: string; readonly exemption_reason: string | null }[] = [
  { kind: 'zero', name: 'Zero rated', exemption_reason: 'Zero-rated supply' },
  { kind: 'exempt', name: 'Exempt', exemption_reason: 'Exempt supply' },
  { kind: 'out_of_scope', name: 'Out of scope', exemption_reason: null },
];
