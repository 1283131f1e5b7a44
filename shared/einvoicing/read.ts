/**
 * A supplier's e-invoice read into the model (`model.ts`): a UBL 2.1 Invoice or CreditNote, or a CII
 * CrossIndustryInvoice, with its document-level allowances and charges and its rounding. Refuses what cannot be
 * read as a document before any rule is checked: a DTD or entity declaration (refused before parsing, so nothing is
 * declared, expanded or fetched), another root, an amount with more than two decimals or in another currency, a
 * category outside EN 16931's. Pure; `rules.ts` then checks what the books depend on.
 */
import { XMLParser } from 'fast-xml-parser';
import type { FieldProblem } from '../platform/core/errors.ts';
import type { DocumentAllowance, EInvoiceAddress, EInvoiceParty, ReceivedInvoice, VatBreakdown, VatCategory } from './model.ts';

const CATEGORIES: ReadonlySet<string> = new Set<VatCategory>(['S', 'Z', 'E', 'AE', 'K', 'G', 'O']);
/** The elements that may repeat, read as lists whatever their count. */
const REPEATED = new Set(['InvoiceLine', 'CreditNoteLine', 'AllowanceCharge', 'TaxTotal', 'TaxSubtotal', 'IncludedSupplyChainTradeLineItem', 'SpecifiedTradeAllowanceCharge', 'ApplicableTradeTax', 'TaxTotalAmount', 'IncludedNote', 'Note', 'SpecifiedTaxRegistration', 'PartyTaxScheme', 'PartyIdentification', 'SpecifiedTradePaymentTerms']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => REPEATED.has(name),
});

type Node = Record<string, unknown>;

/** An element's text: plain, or under `#text` beside its attributes. */
function text(node: unknown): string | null {
  if (node === undefined || node === null) return null;
  if (typeof node === 'string') return node;
  if (typeof node === 'object' && '#text' in node) return String((node as Node)['#text']);
  return null;
}

const child = (node: unknown, ...path: string[]): unknown => path.reduce<unknown>((at, name) => (at && typeof at === 'object' ? (Array.isArray(at) ? (at[0] as Node | undefined)?.[name] : (at as Node)[name]) : undefined), node);
const list = (node: unknown): Node[] => (Array.isArray(node) ? (node as Node[]) : node === undefined || node === null ? [] : [node as Node]);
const textAt = (node: unknown, ...path: string[]) => text(child(node, ...path));

/** Reads the parts of one document, gathering every problem rather than stopping at the first. */
class Reading {
  readonly problems: FieldProblem[] = [];

  constructor(readonly currency: string) {}

  /** A decimal amount in minor units of the document's currency (at most two decimals, BR-DEC-*). */
  amount(node: unknown, field: string, required = true): number {
    const value = text(node);
    if (value === null || value.trim() === '') {
      if (required) this.problems.push({ field, message: 'is missing' });
      return 0;
    }
    const match = /^([+-])?(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
    if (!match) {
      this.problems.push({ field, message: `${value} is not an amount with at most two decimals (BR-DEC)` });
      return 0;
    }
    const currency = typeof node === 'object' && node !== null ? (node as Node)['@_currencyID'] : undefined;
    if (currency !== undefined && currency !== this.currency && field !== 'BT-111') this.problems.push({ field, message: `is in ${String(currency)}, not the invoice's ${this.currency} (BR-CL-05)` });
    const minor = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
    return match[1] === '-' ? -minor : minor;
  }

  category(value: string | null, field: string): VatCategory {
    if (value && CATEGORIES.has(value)) return value as VatCategory;
    this.problems.push({ field, message: `${value ?? 'no category'} is not an EN 16931 VAT category (BR-CL-17)` });
    return 'S';
  }

  percent(value: string | null): number {
    return value === null || value === '' ? 0 : Number(value);
  }
}

/** YYYYMMDD (CII's format 102) or YYYY-MM-DD, as YYYY-MM-DD. */
const isoDate = (value: string | null): string | null => (value === null ? null : /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : value);

function address(country: string | null, line1: string | null, line2: string | null, city: string | null, region: string | null, postalCode: string | null): EInvoiceAddress {
  return { line1, line2, city, region, postalCode, country: country ?? '' };
}

function ublParty(party: unknown): EInvoiceParty {
  const vat = list(child(party, 'PartyTaxScheme')).find((scheme) => textAt(scheme, 'TaxScheme', 'ID') === 'VAT');
  const endpoint = child(party, 'EndpointID');
  return {
    name: textAt(party, 'PartyLegalEntity', 'RegistrationName') ?? textAt(party, 'PartyName', 'Name') ?? '',
    tradingName: textAt(party, 'PartyName', 'Name'),
    vatId: vat ? textAt(vat, 'CompanyID') : null,
    identifier: textAt(party, 'PartyIdentification', 'ID') ?? textAt(party, 'PartyLegalEntity', 'CompanyID'),
    address: address(textAt(party, 'PostalAddress', 'Country', 'IdentificationCode'), textAt(party, 'PostalAddress', 'StreetName'), textAt(party, 'PostalAddress', 'AdditionalStreetName'), textAt(party, 'PostalAddress', 'CityName'), textAt(party, 'PostalAddress', 'CountrySubentity'), textAt(party, 'PostalAddress', 'PostalZone')),
    electronicAddress: endpoint ? { scheme: String((endpoint as Node)['@_schemeID'] ?? ''), id: text(endpoint) ?? '' } : null,
    email: textAt(party, 'Contact', 'ElectronicMail'),
  };
}

function ciiParty(party: unknown): EInvoiceParty {
  const vat = list(child(party, 'SpecifiedTaxRegistration')).find((registration) => (child(registration, 'ID') as Node | undefined)?.['@_schemeID'] === 'VA');
  const uri = child(party, 'URIUniversalCommunication', 'URIID');
  const at = (name: string) => textAt(party, 'PostalTradeAddress', name);
  return {
    name: textAt(party, 'Name') ?? '',
    tradingName: textAt(party, 'SpecifiedLegalOrganization', 'TradingBusinessName'),
    vatId: vat ? textAt(vat, 'ID') : null,
    identifier: textAt(party, 'ID') ?? textAt(party, 'GlobalID') ?? textAt(party, 'SpecifiedLegalOrganization', 'ID'),
    address: address(at('CountryID'), at('LineOne'), at('LineTwo'), at('CityName'), at('CountrySubDivisionName'), at('PostcodeCode')),
    electronicAddress: uri ? { scheme: String((uri as Node)['@_schemeID'] ?? ''), id: text(uri) ?? '' } : null,
    email: textAt(party, 'DefinedTradeContact', 'EmailURIUniversalCommunication', 'URIID'),
  };
}

const indicator = (value: string | null) => value === 'true' || value === '1';

/** BT-72 (or the invoicing period's start, BG-14, which BR-IC-11 accepts instead) and BT-80. */
const deliveryOf = (date: string | null, country: string | null) => (date || country ? { date: date ?? '', country: country ?? '' } : null);

function readUbl(root: Node, credit: boolean): { invoice: ReceivedInvoice; problems: FieldProblem[] } {
  const reading = new Reading(textAt(root, 'DocumentCurrencyCode') ?? '');
  const totals = child(root, 'LegalMonetaryTotal');
  const taxTotals = list(root.TaxTotal);
  const own = taxTotals.find((total) => (child(total, 'TaxAmount') as Node | undefined)?.['@_currencyID'] === reading.currency) ?? taxTotals[0];
  const taxCurrency = textAt(root, 'TaxCurrencyCode');
  const inTaxCurrency = taxCurrency ? taxTotals.find((total) => (child(total, 'TaxAmount') as Node | undefined)?.['@_currencyID'] === taxCurrency) : undefined;
  const lines = list(root[credit ? 'CreditNoteLine' : 'InvoiceLine']).map((line, index) => {
    const field = `lines[${index}]`;
    return {
      id: textAt(line, 'ID') ?? String(index + 1),
      name: textAt(line, 'Item', 'Name') ?? '',
      quantity: textAt(line, credit ? 'CreditedQuantity' : 'InvoicedQuantity') ?? '0',
      price: textAt(line, 'Price', 'PriceAmount') ?? '0',
      net: reading.amount(child(line, 'LineExtensionAmount'), `${field}.net`),
      category: reading.category(textAt(line, 'Item', 'ClassifiedTaxCategory', 'ID'), `${field}.category`),
      percent: reading.percent(textAt(line, 'Item', 'ClassifiedTaxCategory', 'Percent')),
    };
  });
  const allowances: DocumentAllowance[] = list(root.AllowanceCharge).map((entry, index) => ({
    charge: indicator(textAt(entry, 'ChargeIndicator')),
    amount: reading.amount(child(entry, 'Amount'), `allowances[${index}].amount`),
    category: reading.category(textAt(entry, 'TaxCategory', 'ID'), `allowances[${index}].category`),
    percent: reading.percent(textAt(entry, 'TaxCategory', 'Percent')),
    reason: textAt(entry, 'AllowanceChargeReason'),
  }));
  const breakdown: VatBreakdown[] = list(child(own, 'TaxSubtotal')).map((group, index) => ({
    category: reading.category(textAt(group, 'TaxCategory', 'ID'), `breakdown[${index}].category`),
    percent: reading.percent(textAt(group, 'TaxCategory', 'Percent')),
    taxable: reading.amount(child(group, 'TaxableAmount'), `breakdown[${index}].taxable`),
    tax: reading.amount(child(group, 'TaxAmount'), `breakdown[${index}].tax`),
    exemptionReason: textAt(group, 'TaxCategory', 'TaxExemptionReason') ?? textAt(group, 'TaxCategory', 'TaxExemptionReasonCode'),
  }));
  const invoice: ReceivedInvoice = {
    typeCode: credit ? '381' : '380',
    number: textAt(root, 'ID') ?? '',
    issueDate: textAt(root, 'IssueDate') ?? '',
    dueDate: textAt(root, 'DueDate') ?? textAt(root, 'PaymentMeans', 'PaymentDueDate'),
    paymentTerms: textAt(root, 'PaymentTerms', 'Note'),
    currency: reading.currency,
    taxCurrency: taxCurrency && taxCurrency !== reading.currency ? { code: taxCurrency, taxTotal: inTaxCurrency ? reading.amount(child(inTaxCurrency, 'TaxAmount'), 'BT-111') : 0 } : null,
    buyerReference: textAt(root, 'BuyerReference'),
    note: text(list(root.Note)[0]),
    seller: ublParty(child(root, 'AccountingSupplierParty', 'Party')),
    buyer: ublParty(child(root, 'AccountingCustomerParty', 'Party')),
    delivery: deliveryOf(textAt(root, 'Delivery', 'ActualDeliveryDate') ?? textAt(root, 'InvoicePeriod', 'StartDate'), textAt(root, 'Delivery', 'DeliveryLocation', 'Address', 'Country', 'IdentificationCode')),
    payment: null,
    link: null,
    lines,
    breakdown,
    lineTotal: reading.amount(child(totals, 'LineExtensionAmount'), 'BT-106'),
    taxExclusive: reading.amount(child(totals, 'TaxExclusiveAmount'), 'BT-109'),
    taxTotal: reading.amount(child(own, 'TaxAmount'), 'BT-110'),
    taxInclusive: reading.amount(child(totals, 'TaxInclusiveAmount'), 'BT-112'),
    prepaid: reading.amount(child(totals, 'PrepaidAmount'), 'BT-113', false),
    payable: reading.amount(child(totals, 'PayableAmount'), 'BT-115'),
    allowances,
    rounding: reading.amount(child(totals, 'PayableRoundingAmount'), 'BT-114', false),
  };
  return { invoice, problems: reading.problems };
}

function readCii(root: Node): { invoice: ReceivedInvoice; problems: FieldProblem[] } {
  const transaction = child(root, 'SupplyChainTradeTransaction');
  const settlement = child(transaction, 'ApplicableHeaderTradeSettlement');
  const agreement = child(transaction, 'ApplicableHeaderTradeAgreement');
  const reading = new Reading(textAt(settlement, 'InvoiceCurrencyCode') ?? '');
  const sums = child(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const taxTotals = list(child(sums, 'TaxTotalAmount'));
  const taxCurrency = textAt(settlement, 'TaxCurrencyCode');
  const ownTax = taxTotals.find((total) => total['@_currencyID'] === undefined || total['@_currencyID'] === reading.currency);
  const homeTax = taxCurrency ? taxTotals.find((total) => total['@_currencyID'] === taxCurrency) : undefined;
  const lines = list(child(transaction, 'IncludedSupplyChainTradeLineItem')).map((line, index) => {
    const field = `lines[${index}]`;
    const tax = child(line, 'SpecifiedLineTradeSettlement', 'ApplicableTradeTax');
    return {
      id: textAt(line, 'AssociatedDocumentLineDocument', 'LineID') ?? String(index + 1),
      name: textAt(line, 'SpecifiedTradeProduct', 'Name') ?? '',
      quantity: textAt(line, 'SpecifiedLineTradeDelivery', 'BilledQuantity') ?? '0',
      price: textAt(line, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount') ?? '0',
      net: reading.amount(child(line, 'SpecifiedLineTradeSettlement', 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount'), `${field}.net`),
      category: reading.category(textAt(tax, 'CategoryCode'), `${field}.category`),
      percent: reading.percent(textAt(tax, 'RateApplicablePercent')),
    };
  });
  const allowances: DocumentAllowance[] = list(child(settlement, 'SpecifiedTradeAllowanceCharge')).map((entry, index) => ({
    charge: indicator(textAt(entry, 'ChargeIndicator', 'Indicator')),
    amount: reading.amount(child(entry, 'ActualAmount'), `allowances[${index}].amount`),
    category: reading.category(textAt(entry, 'CategoryTradeTax', 'CategoryCode'), `allowances[${index}].category`),
    percent: reading.percent(textAt(entry, 'CategoryTradeTax', 'RateApplicablePercent')),
    reason: textAt(entry, 'Reason'),
  }));
  const breakdown: VatBreakdown[] = list(child(settlement, 'ApplicableTradeTax')).map((group, index) => ({
    category: reading.category(textAt(group, 'CategoryCode'), `breakdown[${index}].category`),
    percent: reading.percent(textAt(group, 'RateApplicablePercent')),
    taxable: reading.amount(child(group, 'BasisAmount'), `breakdown[${index}].taxable`),
    tax: reading.amount(child(group, 'CalculatedAmount'), `breakdown[${index}].tax`),
    exemptionReason: textAt(group, 'ExemptionReason') ?? textAt(group, 'ExemptionReasonCode'),
  }));
  const typeCode = textAt(root, 'ExchangedDocument', 'TypeCode');
  const invoice: ReceivedInvoice = {
    typeCode: typeCode === '381' ? '381' : '380',
    number: textAt(root, 'ExchangedDocument', 'ID') ?? '',
    issueDate: isoDate(textAt(root, 'ExchangedDocument', 'IssueDateTime', 'DateTimeString')) ?? '',
    dueDate: isoDate(textAt(settlement, 'SpecifiedTradePaymentTerms', 'DueDateDateTime', 'DateTimeString')),
    paymentTerms: textAt(settlement, 'SpecifiedTradePaymentTerms', 'Description'),
    currency: reading.currency,
    taxCurrency: taxCurrency && taxCurrency !== reading.currency ? { code: taxCurrency, taxTotal: homeTax ? reading.amount(homeTax, 'BT-111') : 0 } : null,
    buyerReference: textAt(agreement, 'BuyerReference'),
    note: textAt(root, 'ExchangedDocument', 'IncludedNote', 'Content'),
    seller: ciiParty(child(agreement, 'SellerTradeParty')),
    buyer: ciiParty(child(agreement, 'BuyerTradeParty')),
    delivery: deliveryOf(
      isoDate(textAt(transaction, 'ApplicableHeaderTradeDelivery', 'ActualDeliverySupplyChainEvent', 'OccurrenceDateTime', 'DateTimeString') ?? textAt(settlement, 'BillingSpecifiedPeriod', 'StartDateTime', 'DateTimeString')),
      textAt(transaction, 'ApplicableHeaderTradeDelivery', 'ShipToTradeParty', 'PostalTradeAddress', 'CountryID'),
    ),
    payment: null,
    link: null,
    lines,
    breakdown,
    lineTotal: reading.amount(child(sums, 'LineTotalAmount'), 'BT-106'),
    taxExclusive: reading.amount(child(sums, 'TaxBasisTotalAmount'), 'BT-109'),
    taxTotal: ownTax ? reading.amount(ownTax, 'BT-110') : 0,
    taxInclusive: reading.amount(child(sums, 'GrandTotalAmount'), 'BT-112'),
    prepaid: reading.amount(child(sums, 'TotalPrepaidAmount'), 'BT-113', false),
    payable: reading.amount(child(sums, 'DuePayableAmount'), 'BT-115'),
    allowances,
    rounding: reading.amount(child(sums, 'RoundingAmount'), 'BT-114', false),
  };
  return { invoice, problems: reading.problems };
}

/** A supplier's e-invoice in the model, or why it cannot be read as one (each problem naming the field). */
export function readEInvoice(xml: string): { readonly invoice: ReceivedInvoice } | { readonly problems: readonly FieldProblem[] } {
  // Refused before parsing, so no entity is ever declared, expanded or fetched.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { problems: [{ field: 'body', message: 'declares a DTD or an entity, which an e-invoice never needs' }] };
  let parsed: Node;
  try {
    parsed = parser.parse(xml, true) as Node;
  } catch (error) {
    return { problems: [{ field: 'body', message: `is not well-formed XML: ${error instanceof Error ? error.message : String(error)}` }] };
  }
  const read = parsed.Invoice ? readUbl(parsed.Invoice as Node, false) : parsed.CreditNote ? readUbl(parsed.CreditNote as Node, true) : parsed.CrossIndustryInvoice ? readCii(parsed.CrossIndustryInvoice as Node) : null;
  if (!read) return { problems: [{ field: 'body', message: 'is neither a UBL Invoice or CreditNote nor a CII CrossIndustryInvoice' }] };
  if (!read.invoice.currency) read.problems.push({ field: 'BT-5', message: 'the invoice currency code is missing (BR-05)' });
  return read.problems.length > 0 ? { problems: read.problems } : { invoice: read.invoice };
}
