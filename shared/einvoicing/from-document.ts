/**
 * A posted invoice or credit note as an EN 16931 e-invoice (`model.ts`), or every reason it cannot be one: a field
 * the standard requires that the business or the customer lacks, or something the standard cannot express. Pure:
 * the use case (`e-invoices.ts`) reads the facts. Each problem names the field to fill and the rule behind it, so
 * the answer (422 `e_invoice_incomplete`) says what to do.
 */
import type { FieldProblem } from '../platform/core/errors.ts';
import { COUNTRY_CODES } from '../platform/core/countries.ts';
import type { PostalAddress } from '../platform/core/address.ts';
import { minorDigits } from '../platform/core/money.ts';
import { convertAccepted, HOME_RATE, TAX_CATEGORY } from '../ledger/index.ts';
import type { Rate, TaxKind } from '../ledger/index.ts';
import { netPriceText, quantityText } from './decimals.ts';
import { CATEGORY_RULE } from './categories.ts';
import type { EInvoice, EInvoiceAddress, EInvoiceLine, EInvoiceParty, VatBreakdown, VatCategory } from './model.ts';

export type Syntax = 'ubl' | 'cii';

export type AddressFacts = PostalAddress;

export interface PartyFacts {
  readonly name: string;
  readonly legal_name?: string | null;
  readonly address: AddressFacts | null;
  readonly tax_number: string | null;
  readonly electronic_address: { readonly scheme: string; readonly id: string } | null;
  readonly email: string | null;
}

export interface BusinessFacts extends PartyFacts {
  readonly base_currency: string;
  readonly payment_instructions: string | null;
}

export interface RateFacts {
  readonly rate: number;
  readonly kind: TaxKind;
  readonly exemption_reason: string | null;
}

export interface DocumentFacts {
  readonly type: 'invoice' | 'credit_note';
  readonly no: string;
  readonly date: string;
  readonly due_date: string | null;
  readonly currency: string;
  readonly exchange_rate?: Rate | null;
  readonly reference: string | null;
  readonly note: string | null;
  readonly lines: readonly { readonly description: string; readonly quantity: number; readonly amount: number; readonly tax: number; readonly tax_rate_id?: string | null }[];
  readonly subtotal: number;
  readonly tax_total: number;
  readonly total: number;
  readonly amount_paid: number;
  readonly amount_credited: number;
}

export interface EInvoiceFacts {
  readonly syntax: Syntax;
  readonly document: DocumentFacts;
  readonly business: BusinessFacts;
  readonly customer: PartyFacts;
  readonly rates: ReadonlyMap<string, RateFacts>;
  readonly link: string | null;
}

/** The categories whose supplies the seller's VAT identifier must be on (BR-S-02, BR-Z-02, BR-E-02, BR-AE-02, BR-IC-02, BR-G-02). */
const NEEDS_SELLER_VAT_ID: ReadonlySet<VatCategory> = new Set(['S', 'Z', 'E', 'AE', 'K', 'G']);
/** The categories whose buyer's VAT identifier must be on (BR-AE-02, BR-IC-02). */
const NEEDS_BUYER_VAT_ID: ReadonlySet<VatCategory> = new Set(['AE', 'K']);

/** Why a line carries no tax, where the category must say (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10) and the rate does not. */
const DEFAULT_REASON: Readonly<Partial<Record<VatCategory, string>>> = { E: 'Exempt from VAT', AE: 'Reverse charge', K: 'Intra-community supply', G: 'Export outside the EU', O: 'Not subject to VAT' };

/** A VAT identifier starts with its country's ISO code (Greece's EL): BR-CO-09. */
export const hasCountryPrefix = (vatId: string): boolean => /^[A-Z]{2}/.test(vatId) && (COUNTRY_CODES.has(vatId.slice(0, 2)) || vatId.startsWith('EL'));

const ibanChecks = (iban: string): boolean => {
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return COUNTRY_CODES.has(iban.slice(0, 2)) && BigInt(digits) % 97n === 1n;
};

/**
 * The first IBAN of a text that passes its ISO 7064 check (mod 97), spaces taken out: written in groups or whole,
 * its groups are the words that follow a country code and check digits, as many as make a valid one.
 */
export function ibanIn(text: string | null): string | null {
  const words = (text ?? '').toUpperCase().split(/\s+/).map((word) => word.replace(/[.,;:)]+$/, ''));
  for (const [start, word] of words.entries()) {
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]*$/.test(word)) continue;
    let candidate = '';
    for (const next of words.slice(start)) {
      if (!/^[A-Z0-9]+$/.test(next) || candidate.length + next.length > 34) break;
      candidate += next;
      if (candidate.length >= 15 && ibanChecks(candidate)) return candidate;
    }
  }
  return null;
}

function addressOf(facts: AddressFacts | null): EInvoiceAddress | null {
  if (!facts?.country) return null;
  return { line1: facts.line1 ?? null, line2: facts.line2 ?? null, city: facts.city ?? null, region: facts.region ?? null, postalCode: facts.postal_code ?? null, country: facts.country };
}

interface Checked {
  readonly problems: FieldProblem[];
  readonly need: (field: string, ok: boolean, message: string) => void;
}

function checker(): Checked {
  const problems: FieldProblem[] = [];
  return { problems, need: (field, ok, message) => void (ok || problems.push({ field, message })) };
}

function partyOf(facts: PartyFacts, role: 'business' | 'customer', vatId: string | null, identifier: string | null, address: EInvoiceAddress): EInvoiceParty {
  const legalName = facts.legal_name ?? null;
  return {
    name: legalName ?? facts.name,
    tradingName: legalName && legalName !== facts.name && role === 'business' ? facts.name : null,
    vatId,
    identifier,
    address,
    electronicAddress: facts.electronic_address,
    email: facts.email,
  };
}

/** The e-invoice of a posted invoice or credit note, or every problem that keeps it from being a valid one. */
export function eInvoiceOf(facts: EInvoiceFacts): { readonly invoice: EInvoice } | { readonly problems: readonly FieldProblem[] } {
  const { document, business, customer, rates, syntax } = facts;
  const { problems, need } = checker();
  const home = business.base_currency;
  const foreign = document.currency !== home;
  need('currency', minorDigits(document.currency) <= 2, `${document.currency} has ${minorDigits(document.currency)} decimals; EN 16931 amounts have at most two (BR-DEC-*)`);
  if (foreign) need('business.base_currency', minorDigits(home) <= 2, `${home} has ${minorDigits(home)} decimals; the tax total in it (BT-111) may have at most two (BR-DEC-15)`);

  const lines: EInvoiceLine[] = [];
  const groups = new Map<string, { category: VatCategory; percent: number; taxable: number; tax: number; reason: string | null }>();
  document.lines.forEach((line, index) => {
    const rate = line.tax_rate_id ? rates.get(line.tax_rate_id) : undefined;
    if (!rate) {
      problems.push({ field: `lines[${index}].tax_rate_id`, message: 'names no tax rate of the business; every e-invoice line needs a VAT category (BR-CO-04)' });
      return;
    }
    const category = TAX_CATEGORY[rate.kind];
    // A reverse-charge line carries no tax on the seller's document: its rate is 0 there (BR-AE-05).
    const percent = category === 'S' ? rate.rate : 0;
    const negative = line.amount < 0;
    lines.push({ id: String(index + 1), name: line.description, quantity: quantityText(line.quantity, negative), price: netPriceText(line.amount, line.quantity, document.currency), net: line.amount, category, percent });
    const key = `${category}#${percent}`;
    const group = groups.get(key) ?? { category, percent, taxable: 0, tax: 0, reason: category === 'S' || category === 'Z' ? null : (rate.exemption_reason ?? DEFAULT_REASON[category] ?? null) };
    groups.set(key, { ...group, taxable: group.taxable + line.amount, tax: group.tax + line.tax });
  });
  const categories = new Set([...groups.values()].map((group) => group.category));
  const outOfScopeOnly = categories.size === 1 && categories.has('O');
  need('lines', !categories.has('O') || outOfScopeOnly, 'mixes out-of-scope lines with others; EN 16931 keeps a document not subject to VAT apart (BR-O-11): put them on a document of their own');

  const needsSellerVatId = [...categories].some((category) => NEEDS_SELLER_VAT_ID.has(category));
  const sellerVatId = outOfScopeOnly ? null : business.tax_number;
  const sellerRules = [...categories].filter((category) => NEEDS_SELLER_VAT_ID.has(category)).map((category) => `BR-${CATEGORY_RULE[category]}-02`);
  if (needsSellerVatId) need('business.tax_number', Boolean(business.tax_number), `is required: the seller's VAT identifier must be on this document (${sellerRules.join(', ')})`);
  if (sellerVatId) need('business.tax_number', hasCountryPrefix(sellerVatId), 'must start with its country code (DE123456789), as a VAT identifier does (BR-CO-09)');
  const buyerNeedsVatId = [...categories].filter((category) => NEEDS_BUYER_VAT_ID.has(category));
  if (buyerNeedsVatId.length > 0) need('customer.tax_number', Boolean(customer.tax_number), `is required: the buyer's VAT identifier must be on a ${buyerNeedsVatId.includes('AE') ? 'reverse-charge supply (BR-AE-02)' : 'intra-community supply (BR-IC-02)'}`);
  const buyerVatId = outOfScopeOnly ? null : customer.tax_number;
  if (buyerVatId && (buyerNeedsVatId.length > 0 || hasCountryPrefix(buyerVatId))) need('customer.tax_number', hasCountryPrefix(buyerVatId), 'must start with its country code, as a VAT identifier does (BR-CO-09)');
  // A document not subject to VAT carries no VAT identifier (BR-O-02); its electronic address identifies the seller (BR-CO-26).
  const sellerIdentifier = outOfScopeOnly ? (business.electronic_address?.id ?? null) : null;
  if (outOfScopeOnly) need('business.electronic_address', sellerIdentifier !== null, 'is required: a document not subject to VAT carries no VAT identifier, and something must identify the seller (BR-CO-26)');

  const sellerAddress = addressOf(business.address);
  const buyerAddress = addressOf(customer.address);
  need('business.address.country', sellerAddress !== null, "is required: the seller's postal address must name its country (BR-08, BR-09)");
  need('customer.billing_address.country', buyerAddress !== null, "is required: the buyer's postal address must name its country (BR-10, BR-11)");
  if (syntax === 'ubl') {
    // Peppol BIS Billing 3.0 addresses both parties by their electronic address (PEPPOL-EN16931-R020, R010).
    need('business.electronic_address', business.electronic_address !== null, 'is required: Peppol BIS Billing 3.0 names the seller by its electronic address (PEPPOL-EN16931-R020)');
    need('customer.electronic_address', customer.electronic_address !== null, 'is required: Peppol BIS Billing 3.0 names the buyer by its electronic address (PEPPOL-EN16931-R010)');
  }
  need('lines', document.lines.length > 0, 'must hold at least one line (BR-16)');

  const prepaid = document.type === 'invoice' ? document.amount_paid + document.amount_credited : 0;
  const payable = document.total - prepaid;
  if (document.type === 'invoice') need('due_date', payable <= 0 || document.due_date !== null, 'is required: an invoice with an amount due needs a due date or payment terms (BR-CO-25); set payment terms on the business or the customer, or a due date on the invoice');

  if (problems.length > 0 || !sellerAddress || !buyerAddress) return { problems };
  const payableAccount = ibanIn(business.payment_instructions);
  const breakdown: VatBreakdown[] = [...groups.values()].map((group) => ({ category: group.category, percent: group.percent, taxable: group.taxable, tax: group.tax, exemptionReason: group.reason }));
  return {
    invoice: {
      typeCode: document.type === 'invoice' ? '380' : '381',
      number: document.no,
      issueDate: document.date,
      dueDate: document.due_date,
      paymentTerms: business.payment_instructions,
      currency: document.currency,
      taxCurrency: foreign ? { code: home, taxTotal: convertAccepted(document.tax_total, document.currency, document.exchange_rate ?? HOME_RATE, home) } : null,
      // Peppol BIS asks for the buyer's reference or an order reference (PEPPOL-EN16931-R003): without the customer's own, the document's number is what the buyer can quote.
      buyerReference: document.reference ?? document.no,
      note: document.note,
      seller: partyOf(business, 'business', sellerVatId, sellerIdentifier, sellerAddress),
      buyer: partyOf(customer, 'customer', buyerVatId && hasCountryPrefix(buyerVatId) ? buyerVatId : null, null, buyerAddress),
      delivery: categories.has('K') ? { date: document.date, country: buyerAddress.country } : null,
      payment: payableAccount && payable > 0 && document.type === 'invoice' ? { meansCode: document.currency === 'EUR' ? '58' : '30', account: payableAccount, reference: document.no } : null,
      link: facts.link,
      lines,
      breakdown,
      lineTotal: document.subtotal,
      taxExclusive: document.subtotal,
      taxTotal: document.tax_total,
      taxInclusive: document.total,
      prepaid,
      payable,
    },
  };
}
