/**
 * The EN 16931 business rules the books depend on, checked on an e-invoice in its business terms (`model.ts`): the
 * totals (BR-CO-10 … BR-CO-17), the VAT breakdown per category (BR-S/Z/E/AE/IC/G/O), the parties and their
 * identifiers. Written here, after the standard's own texts: the official artefacts (Schematron run through XSLT)
 * are the judge while building, and these give the same verdict on what the service writes and reads. Pure.
 */
import type { DocumentAllowance, EInvoice, ReceivedInvoice, VatCategory } from './model.ts';
import { CATEGORY_RULE } from './categories.ts';
import { hasCountryPrefix } from './from-document.ts';
import { COUNTRY_CODES } from '../platform/core/countries.ts';

/** A broken rule: its id in the standard and what it says. */
export interface RuleFailure {
  readonly rule: string;
  readonly message: string;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** BR-S-09 (BR-CO-17): a category's tax is its taxable amount times its rate, rounded to two decimals; the artefacts allow one unit either way. */
function taxWithinTolerance(taxable: number, percent: number, tax: number, minorPerUnit: number): boolean {
  const expected = Math.round((Math.abs(taxable) * percent) / 100);
  return Math.abs(Math.abs(tax) - expected) <= minorPerUnit;
}

/** Document-level allowances and charges of a received invoice (none on what the service writes). */
const allowancesOf = (invoice: EInvoice | ReceivedInvoice): readonly DocumentAllowance[] => ('allowances' in invoice ? invoice.allowances : []);
/** Charges less allowances, of one category and rate or of all. */
function adjustments(invoice: EInvoice | ReceivedInvoice, category?: VatCategory, percent?: number): number {
  return allowancesOf(invoice)
    .filter((entry) => category === undefined || (entry.category === category && entry.percent === percent))
    .reduce((total, entry) => total + (entry.charge ? entry.amount : -entry.amount), 0);
}

export function ruleFailures(invoice: EInvoice | ReceivedInvoice, minorPerUnit = 100): RuleFailure[] {
  const failures: RuleFailure[] = [];
  const rule = (id: string, ok: boolean, message: string) => void (ok || failures.push({ rule: id, message }));
  const categories = new Set([...invoice.lines.map((line) => line.category), ...allowancesOf(invoice).map((entry) => entry.category)]);
  const rounding = 'rounding' in invoice ? invoice.rounding : 0;

  rule('BR-02', invoice.number.trim() !== '', 'An invoice shall have an invoice number (BT-1).');
  rule('BR-06', invoice.seller.name.trim() !== '', "An invoice shall contain the seller's name (BT-27).");
  rule('BR-07', invoice.buyer.name.trim() !== '', "An invoice shall contain the buyer's name (BT-44).");
  rule('BR-09', COUNTRY_CODES.has(invoice.seller.address.country), "The seller's postal address shall contain a country code (BT-40).");
  rule('BR-11', COUNTRY_CODES.has(invoice.buyer.address.country), "The buyer's postal address shall contain a country code (BT-55).");
  rule('BR-16', invoice.lines.length > 0, 'An invoice shall have at least one invoice line (BG-25).');
  rule('BR-27', invoice.lines.every((line) => !line.price.startsWith('-')), 'The item net price (BT-146) shall not be negative.');
  rule('BR-CO-09', [invoice.seller.vatId, invoice.buyer.vatId].every((id) => id === null || hasCountryPrefix(id)), 'A VAT identifier shall have an ISO 3166-1 alpha-2 country prefix.');
  rule('BR-CO-10', invoice.lineTotal === sum(invoice.lines.map((line) => line.net)), 'Sum of invoice line net amount (BT-106) = Σ invoice line net amount (BT-131).');
  rule('BR-CO-13', invoice.taxExclusive === invoice.lineTotal + adjustments(invoice), 'Invoice total amount without VAT (BT-109) = Σ line net amounts − allowances + charges.');
  rule('BR-CO-14', invoice.taxTotal === sum(invoice.breakdown.map((group) => group.tax)), 'Invoice total VAT amount (BT-110) = Σ VAT category tax amount (BT-117).');
  rule('BR-CO-15', invoice.taxInclusive === invoice.taxExclusive + invoice.taxTotal, 'Invoice total amount with VAT (BT-112) = BT-109 + BT-110.');
  rule('BR-CO-16', invoice.payable === invoice.taxInclusive - invoice.prepaid + rounding, 'Amount due for payment (BT-115) = BT-112 − paid amount (BT-113) + rounding (BT-114).');
  rule('BR-CO-18', invoice.breakdown.length > 0, 'An invoice shall have at least one VAT breakdown group (BG-23).');
  rule('BR-CO-26', Boolean(invoice.seller.vatId ?? invoice.seller.identifier), 'The seller identifier (BT-29), legal registration identifier (BT-30) or VAT identifier (BT-31) shall be present.');
  rule('BR-53', invoice.taxCurrency === null || invoice.taxCurrency.code !== invoice.currency, 'The VAT accounting currency (BT-6) and its tax total (BT-111) differ from the invoice currency.');
  for (const category of categories) {
    const id = CATEGORY_RULE[category];
    const groups = invoice.breakdown.filter((group) => group.category === category);
    rule(`BR-${id}-01`, groups.length > 0, `A line in category ${category} needs a VAT breakdown of that category.`);
    for (const group of groups) {
      const lines = invoice.lines.filter((line) => line.category === category && line.percent === group.percent);
      rule(`BR-${id}-08`, group.taxable === sum(lines.map((line) => line.net)) + adjustments(invoice, category, group.percent), `The taxable amount of category ${category} at ${group.percent}% = Σ its lines' net amounts − its allowances + its charges.`);
      if (category === 'S') rule('BR-S-09', taxWithinTolerance(group.taxable, group.percent, group.tax, minorPerUnit), `The VAT of category S at ${group.percent}% = its taxable amount × its rate, rounded.`);
      else rule(`BR-${id}-09`, group.tax === 0, `The VAT amount of category ${category} shall be 0.`);
      rule(`BR-${id}-10`, category === 'S' || category === 'Z' ? group.exemptionReason === null : group.exemptionReason !== null, category === 'S' || category === 'Z' ? `Category ${category} shall not have an exemption reason.` : `Category ${category} shall have an exemption reason (BT-120).`);
    }
    if (category === 'S') rule('BR-S-05', invoice.lines.filter((line) => line.category === 'S').every((line) => line.percent > 0), 'A standard-rated line shall have a rate above 0.');
    else if (category !== 'O') rule(`BR-${id}-05`, invoice.lines.filter((line) => line.category === category).every((line) => line.percent === 0), `A line in category ${category} shall have a rate of 0.`);
    if (category === 'O') {
      rule('BR-O-02', invoice.seller.vatId === null && invoice.buyer.vatId === null, 'A document not subject to VAT shall not contain the seller or buyer VAT identifier.');
      rule('BR-O-11', categories.size === 1, 'A document not subject to VAT shall not contain lines of another category.');
    } else {
      rule(`BR-${id}-02`, invoice.seller.vatId !== null, `A document with category ${category} shall contain the seller VAT identifier (BT-31).`);
    }
    if (category === 'AE' || category === 'K') rule(`BR-${id}-02`, invoice.buyer.vatId !== null, `A document with category ${category} shall contain the buyer VAT identifier (BT-48).`);
    if (category === 'K') {
      rule('BR-IC-11', Boolean(invoice.delivery?.date), 'An intra-community supply shall have an actual delivery date (BT-72) or invoicing period.');
      rule('BR-IC-12', Boolean(invoice.delivery?.country), 'An intra-community supply shall have the deliver-to country code (BT-80).');
    }
  }
  return failures;
}
