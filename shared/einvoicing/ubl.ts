/**
 * An e-invoice as a Peppol BIS Billing 3.0 UBL 2.1 Invoice or CreditNote, its elements in the order the UBL schema
 * sets. Pure: `model.ts` in, XML text out.
 */
import { amountText, percentText } from './decimals.ts';
import type { EInvoice, EInvoiceParty, VatBreakdown, VatCategory } from './model.ts';
import { present, writeXml, type XmlNode } from './xml-tree.ts';

export const PEPPOL_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PEPPOL_PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** The unit of a line's quantity (UN/ECE Recommendation 20): one, as lines here count pieces or hours alike. */
export const UNIT_CODE = 'C62';

const NAMESPACES = {
  '@_xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  '@_xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

function ublParty(party: EInvoiceParty, vatScheme: boolean): XmlNode {
  const address = party.address;
  return present({
    'cbc:EndpointID': party.electronicAddress ? { '#text': party.electronicAddress.id, '@_schemeID': party.electronicAddress.scheme } : null,
    'cac:PartyIdentification': party.identifier ? { 'cbc:ID': party.identifier } : null,
    'cac:PartyName': party.tradingName ? { 'cbc:Name': party.tradingName } : null,
    'cac:PostalAddress': present({
      'cbc:StreetName': address.line1,
      'cbc:AdditionalStreetName': address.line2,
      'cbc:CityName': address.city,
      'cbc:PostalZone': address.postalCode,
      'cbc:CountrySubentity': address.region,
      'cac:Country': { 'cbc:IdentificationCode': address.country },
    }),
    'cac:PartyTaxScheme': party.vatId && vatScheme ? { 'cbc:CompanyID': party.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } : null,
    'cac:PartyLegalEntity': { 'cbc:RegistrationName': party.name },
    'cac:Contact': party.email ? { 'cbc:ElectronicMail': party.email } : null,
  });
}

const taxScheme = { 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };

function taxCategory(category: VatCategory, percent: number, reason: string | null = null): XmlNode {
  return present({
    'cbc:ID': category,
    // Not subject to VAT has no rate at all (BR-O-05); every other category states its rate, 0 included.
    'cbc:Percent': category === 'O' ? null : percentText(percent),
    'cbc:TaxExemptionReason': reason,
    ...taxScheme,
  });
}

const money = (invoice: EInvoice, minor: number, currency = invoice.currency): XmlNode => ({ '#text': amountText(minor, currency), '@_currencyID': currency });

function subtotal(invoice: EInvoice, group: VatBreakdown): XmlNode {
  return { 'cbc:TaxableAmount': money(invoice, group.taxable), 'cbc:TaxAmount': money(invoice, group.tax), 'cac:TaxCategory': taxCategory(group.category, group.percent, group.exemptionReason) };
}

export function ublOf(invoice: EInvoice): string {
  const credit = invoice.typeCode === '381';
  const lineName = credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine';
  const quantityName = credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity';
  const tree = present({
    ...(credit ? { '@_xmlns': 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2' } : { '@_xmlns': 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2' }),
    ...NAMESPACES,
    'cbc:CustomizationID': PEPPOL_CUSTOMIZATION_ID,
    'cbc:ProfileID': PEPPOL_PROFILE_ID,
    'cbc:ID': invoice.number,
    'cbc:IssueDate': invoice.issueDate,
    // A UBL credit note has no DueDate of its own: its due date is the payment means' (BT-9).
    'cbc:DueDate': credit ? null : invoice.dueDate,
    [credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode']: invoice.typeCode,
    'cbc:Note': invoice.note,
    'cbc:DocumentCurrencyCode': invoice.currency,
    'cbc:TaxCurrencyCode': invoice.taxCurrency?.code,
    'cbc:BuyerReference': invoice.buyerReference,
    'cac:AdditionalDocumentReference': invoice.link ? { 'cbc:ID': invoice.number, 'cbc:DocumentDescription': 'The document online', 'cac:Attachment': { 'cac:ExternalReference': { 'cbc:URI': invoice.link } } } : null,
    'cac:AccountingSupplierParty': { 'cac:Party': ublParty(invoice.seller, true) },
    'cac:AccountingCustomerParty': { 'cac:Party': ublParty(invoice.buyer, true) },
    'cac:Delivery': invoice.delivery ? { 'cbc:ActualDeliveryDate': invoice.delivery.date, 'cac:DeliveryLocation': { 'cac:Address': { 'cac:Country': { 'cbc:IdentificationCode': invoice.delivery.country } } } } : null,
    'cac:PaymentMeans': invoice.payment
      ? present({ 'cbc:PaymentMeansCode': invoice.payment.meansCode, 'cbc:PaymentDueDate': credit ? invoice.dueDate : null, 'cbc:PaymentID': invoice.payment.reference, 'cac:PayeeFinancialAccount': { 'cbc:ID': invoice.payment.account } })
      : null,
    'cac:PaymentTerms': invoice.paymentTerms ? { 'cbc:Note': invoice.paymentTerms } : null,
    'cac:TaxTotal': [
      { 'cbc:TaxAmount': money(invoice, invoice.taxTotal), 'cac:TaxSubtotal': invoice.breakdown.map((group) => subtotal(invoice, group)) },
      // The tax total in the accounting currency (BT-111) is a second TaxTotal with no breakdown.
      ...(invoice.taxCurrency ? [{ 'cbc:TaxAmount': money(invoice, invoice.taxCurrency.taxTotal, invoice.taxCurrency.code) }] : []),
    ],
    'cac:LegalMonetaryTotal': present({
      'cbc:LineExtensionAmount': money(invoice, invoice.lineTotal),
      'cbc:TaxExclusiveAmount': money(invoice, invoice.taxExclusive),
      'cbc:TaxInclusiveAmount': money(invoice, invoice.taxInclusive),
      'cbc:PrepaidAmount': invoice.prepaid !== 0 ? money(invoice, invoice.prepaid) : null,
      'cbc:PayableAmount': money(invoice, invoice.payable),
    }),
    [lineName]: invoice.lines.map((line) => ({
      'cbc:ID': line.id,
      [quantityName]: { '#text': line.quantity, '@_unitCode': UNIT_CODE },
      'cbc:LineExtensionAmount': money(invoice, line.net),
      'cac:Item': { 'cbc:Name': line.name, 'cac:ClassifiedTaxCategory': taxCategory(line.category, line.percent) },
      'cac:Price': { 'cbc:PriceAmount': { '#text': line.price, '@_currencyID': invoice.currency } },
    })),
  });
  return writeXml(credit ? 'CreditNote' : 'Invoice', tree);
}
