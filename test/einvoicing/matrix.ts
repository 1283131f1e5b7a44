/**
 * The generated matrix of e-invoices: each document kind × tax kind × currency case (home, foreign) × syntax, as
 * facts for `eInvoiceOf`. The unit tests check every one with the project's own EN 16931 rules; the same documents
 * were run through the official validation artefacts (the closing note of issue 51 says how).
 */
import { TAX_KINDS, type TaxKind } from '../../shared/ledger/tax/tax-kinds.ts';
import type { EInvoiceFacts, RateFacts, Syntax } from '../../shared/einvoicing/from-document.ts';
import type { Rate } from '../../shared/ledger/exchange.ts';

export const SELLER = {
  name: 'Acme Tools',
  legal_name: 'Acme Tools GmbH',
  address: { line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
  tax_number: 'DE123456789',
  electronic_address: { scheme: '9930', id: 'DE123456789' },
  email: 'billing@acme.example',
  base_currency: 'EUR',
  payment_instructions: 'Bank transfer to DE89 3704 0044 0532 0130 00, quoting the invoice number.',
};

export const BUYER = {
  name: 'Bistro Belle',
  address: { line1: 'Rue de la Loi 16', city: 'Bruxelles', postal_code: '1000', country: 'BE' },
  tax_number: 'BE0123456749',
  electronic_address: { scheme: '0208', id: '0123456749' },
  email: 'ap@bistro.example',
};

/** One rate of each kind, as a business would define it. */
export const RATES: ReadonlyMap<string, RateFacts> = new Map<string, RateFacts>([
  ['standard', { rate: 19, kind: 'standard', exemption_reason: null }],
  ['reduced', { rate: 7, kind: 'reduced', exemption_reason: null }],
  ['zero', { rate: 0, kind: 'zero', exemption_reason: 'Zero-rated supply' }],
  ['exempt', { rate: 0, kind: 'exempt', exemption_reason: 'Exempt under Article 135 of Directive 2006/112/EC' }],
  ['intra_community', { rate: 0, kind: 'intra_community', exemption_reason: 'Intra-community supply, Article 138 of Directive 2006/112/EC' }],
  ['export', { rate: 0, kind: 'export', exemption_reason: 'Export outside the EU, Article 146 of Directive 2006/112/EC' }],
  ['out_of_scope', { rate: 0, kind: 'out_of_scope', exemption_reason: null }],
  ['reverse_charge', { rate: 19, kind: 'reverse_charge', exemption_reason: 'Reverse charge, Article 196 of Directive 2006/112/EC' }],
]);

const roundHalfUp = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/** A document of two lines at the kind's rate (and, but for out of scope, a third at the standard rate), with a discount line. */
export function documentFacts(type: 'invoice' | 'credit_note', kind: TaxKind, foreign: boolean, syntax: Syntax, paid = 0): EInvoiceFacts {
  const rated = (rateId: string, quantity: number, unitMinor: number, description: string) => {
    const rate = RATES.get(rateId)!;
    const amount = Math.round(quantity * unitMinor);
    return { description, quantity, amount, tax: kind === 'reverse_charge' && rateId === 'reverse_charge' ? 0 : roundHalfUp((amount * rate.rate) / 100), tax_rate_id: rateId };
  };
  const lines = [
    rated(kind, 3, 1999, 'Hammer, 500 g'),
    rated(kind, 1.5, 4000, 'Fitting, hours'),
    rated(kind, 1, -500, 'Loyalty discount'),
    ...(kind === 'out_of_scope' || kind === 'standard' ? [] : [rated('standard', 2, 1250, 'Delivery')]),
  ];
  // Tax once per rate over the document (BR-CO-17), as the service rounds it by default: the first line of each rate takes the difference.
  const byRate = new Map<string, number>();
  for (const line of lines) byRate.set(line.tax_rate_id, (byRate.get(line.tax_rate_id) ?? 0) + line.amount);
  const taxed = lines.map((line, index) => {
    if (lines.findIndex((other) => other.tax_rate_id === line.tax_rate_id) !== index) return line;
    const rate = RATES.get(line.tax_rate_id)!;
    const carried = rate.kind === 'reverse_charge' ? 0 : rate.rate;
    const rateTax = roundHalfUp((byRate.get(line.tax_rate_id)! * carried) / 100);
    const others = lines.filter((other, at) => other.tax_rate_id === line.tax_rate_id && at !== index).reduce((sum, other) => sum + other.tax, 0);
    return { ...line, tax: rateTax - others };
  });
  const subtotal = taxed.reduce((sum, line) => sum + line.amount, 0);
  const taxTotal = taxed.reduce((sum, line) => sum + line.tax, 0);
  return {
    syntax,
    document: {
      type,
      no: `${type === 'invoice' ? 'INV' : 'CN'}-${kind}-${foreign ? 'USD' : 'EUR'}`,
      date: '2026-11-02',
      due_date: type === 'invoice' ? '2026-12-02' : null,
      currency: foreign ? 'USD' : 'EUR',
      exchange_rate: (foreign ? '0.9213' : '1') as Rate,
      reference: type === 'invoice' ? 'PO-4711' : null,
      note: 'Thank you for your business.',
      lines: taxed,
      subtotal,
      tax_total: taxTotal,
      total: subtotal + taxTotal,
      amount_paid: paid,
      amount_credited: 0,
    },
    business: kind === 'out_of_scope' ? { ...SELLER } : SELLER,
    customer: BUYER,
    rates: RATES,
    link: type === 'invoice' ? 'https://books.example/i/abc123' : null,
  };
}

export const MATRIX: readonly { readonly name: string; readonly facts: EInvoiceFacts }[] = (['invoice', 'credit_note'] as const).flatMap((type) =>
  TAX_KINDS.flatMap((kind) => [false, true].flatMap((foreign) => (['ubl', 'cii'] as const).map((syntax) => ({ name: `${type}-${kind}-${foreign ? 'foreign' : 'home'}-${syntax}`, facts: documentFacts(type, kind, foreign, syntax) })))),
);
