/**
 * What a sales document shows a customer, as text, before it is drawn (`shared/sales/pdf.ts`): the title and
 * number, the dates, who it is from and to, a row per line, the totals, what is paid and due, and how to pay. Pure:
 * every amount is written from minor units exactly (`majorText`), grouped by thousands, in the document's currency.
 */
import { sheetAmount } from '../platform/core/amount-text.ts';
import { DOCUMENT_SPECS } from '../ledger/index.ts';
import type { DocumentType } from '../ledger/index.ts';
import type { PostalAddress } from '../platform/core/address.ts';

export type SheetAddress = PostalAddress;

export interface SheetParty {
  readonly name: string;
  readonly legal_name?: string | null;
  readonly address: SheetAddress | null;
  readonly email: string | null;
  readonly phone?: string | null;
  readonly tax_number: string | null;
}

export interface SheetDocument {
  readonly type: DocumentType;
  readonly no: string;
  readonly date: string;
  readonly due_date: string | null;
  readonly currency: string;
  readonly reference: string | null;
  readonly note: string | null;
  readonly lines: readonly { readonly description: string; readonly quantity: number; readonly unit_price: number; readonly tax_rate: number; readonly tax_rate_id?: string | null; readonly amount: number; readonly tax?: number }[];
  /** Whether the prices held their tax (absent: exclusive). */
  readonly amounts?: 'exclusive' | 'inclusive';
  readonly subtotal: number;
  readonly tax_total: number;
  readonly total: number;
  readonly amount_paid: number;
  readonly amount_credited: number;
  readonly voided: boolean;
}

/** A tax rate as a document shows it: its name, and why it carries no tax where it carries none. */
export interface SheetRate {
  readonly name: string;
  readonly exemption_reason: string | null;
}

export interface Sheet {
  readonly title: string;
  /** How the table's columns are laid out: a document's five (description, quantity, price, tax, amount) or a statement's. */
  readonly layout?: 'document' | 'statement';
  readonly no: string;
  readonly void: boolean;
  readonly meta: readonly (readonly [string, string])[];
  readonly from: readonly string[];
  readonly to: readonly string[];
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** Label and value; the last one (the balance due, or the total) is the one to stand out. */
  readonly totals: readonly (readonly [string, string])[];
  readonly paymentInstructions: string | null;
  readonly note: string | null;
  readonly link: string | null;
}


function addressLines(address: SheetAddress | null): string[] {
  if (!address) return [];
  const cityLine = [address.postal_code, address.city, address.region].filter(Boolean).join(' ');
  return [address.line1, address.line2, cityLine, address.country].filter((part): part is string => Boolean(part));
}

export function partyLines(party: SheetParty): string[] {
  return [
    party.name,
    ...(party.legal_name && party.legal_name !== party.name ? [party.legal_name] : []),
    ...addressLines(party.address),
    ...(party.email ? [party.email] : []),
    ...(party.phone ? [party.phone] : []),
    ...(party.tax_number ? [`Tax number: ${party.tax_number}`] : []),
  ];
}

const TITLES: Readonly<Partial<Record<DocumentType, string>>> = { invoice: 'Invoice', credit_note: 'Credit note', debit_note: 'Debit note', estimate: 'Estimate', sales_order: 'Sales order', cash_sale: 'Sales receipt' };

/**
 * The tax rows of the totals: one per rate the lines name, in their order, with the net it is on and, for a rate
 * that carries none, why (EN 16931's VAT breakdown, BG-23); one "Tax" row where a line names no rate known here.
 */
function taxRows(document: SheetDocument, rates: ReadonlyMap<string, SheetRate>, amount: (minor: number) => string): [string, string][] {
  if (document.lines.some((line) => !line.tax_rate_id || !rates.has(line.tax_rate_id))) return [['Tax', amount(document.tax_total)]];
  const byRate = new Map<string, { net: number; tax: number }>();
  for (const line of document.lines) {
    const at = byRate.get(line.tax_rate_id!) ?? { net: 0, tax: 0 };
    byRate.set(line.tax_rate_id!, { net: at.net + line.amount, tax: at.tax + (line.tax ?? 0) });
  }
  return [...byRate].map(([id, figures]) => {
    const rate = rates.get(id)!;
    return [`${rate.name} on ${amount(figures.net)}${figures.tax === 0 && rate.exemption_reason ? ` (${rate.exemption_reason})` : ''}`, amount(figures.tax)];
  });
}

export function documentSheet(business: SheetParty & { readonly payment_instructions: string | null }, customer: SheetParty | null, document: SheetDocument, link: string | null, rates: ReadonlyMap<string, SheetRate> = new Map()): Sheet {
  const amount = (minor: number) => sheetAmount(minor, document.currency);
  const spec = DOCUMENT_SPECS[document.type];
  const due = document.total - document.amount_paid - document.amount_credited;
  const totals: [string, string][] = [
    ['Subtotal', amount(document.subtotal)],
    ...taxRows(document, rates, amount),
    [`Total ${document.currency}${document.amounts === 'inclusive' ? ' (tax included)' : ''}`, amount(document.total)],
  ];
  if (spec.settleable) {
    if (document.amount_paid !== 0) totals.push(['Amount paid', amount(document.amount_paid)]);
    if (document.amount_credited !== 0) totals.push(['Credit applied', amount(document.amount_credited)]);
    totals.push([`Balance due ${document.currency}`, amount(document.voided ? 0 : due)]);
  }
  return {
    title: TITLES[document.type] ?? spec.label,
    no: document.no,
    void: document.voided,
    meta: [
      ['Date', document.date],
      ...(document.due_date ? [['Due date', document.due_date] as const] : []),
      ...(document.reference ? [['Reference', document.reference] as const] : []),
      ['Currency', document.currency],
      ...(document.voided ? [['Status', 'Void'] as const] : []),
    ],
    from: partyLines(business),
    to: customer ? partyLines(customer) : [],
    columns: ['Description', 'Quantity', 'Unit price', 'Tax', 'Amount'],
    // The line's percentage (its column is narrow); the totals name each rate.
    rows: document.lines.map((line) => [line.description, String(line.quantity), amount(line.unit_price), `${line.tax_rate}%`, amount(line.amount)]),
    totals,
    paymentInstructions: spec.settleable && !document.voided ? business.payment_instructions : null,
    note: document.note,
    link,
  };
}
