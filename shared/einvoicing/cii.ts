/**
 * An e-invoice as a UN/CEFACT Cross Industry Invoice (D16B, the syntax Factur-X and ZUGFeRD carry), its elements in
 * the order the CII schema sets. Pure: `model.ts` in, XML text out.
 */
import { amountText, percentText } from './decimals.ts';
import type { EInvoice, EInvoiceParty, VatCategory } from './model.ts';
import { UNIT_CODE } from './ubl.ts';
import { present, writeXml, type XmlNode } from './xml-tree.ts';

/** The specification identifier (BT-24) of a document to EN 16931 itself, as Factur-X's EN 16931 profile writes it. */
export const EN16931_ID = 'urn:cen.eu:en16931:2017';

const NAMESPACES = {
  '@_xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  '@_xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  '@_xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  '@_xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
};

/** A calendar date as CII writes it: format 102, YYYYMMDD. */
const dateTime = (date: string): XmlNode => ({ 'udt:DateTimeString': { '#text': date.replace(/-/g, ''), '@_format': '102' } });

function ciiParty(party: EInvoiceParty): XmlNode {
  const address = party.address;
  return present({
    'ram:ID': party.identifier,
    'ram:Name': party.name,
    'ram:SpecifiedLegalOrganization': party.tradingName ? { 'ram:TradingBusinessName': party.tradingName } : null,
    'ram:DefinedTradeContact': party.email ? { 'ram:EmailURIUniversalCommunication': { 'ram:URIID': party.email } } : null,
    'ram:PostalTradeAddress': present({
      'ram:PostcodeCode': address.postalCode,
      'ram:LineOne': address.line1,
      'ram:LineTwo': address.line2,
      'ram:CityName': address.city,
      'ram:CountryID': address.country,
      'ram:CountrySubDivisionName': address.region,
    }),
    'ram:URIUniversalCommunication': party.electronicAddress ? { 'ram:URIID': { '#text': party.electronicAddress.id, '@_schemeID': party.electronicAddress.scheme } } : null,
    'ram:SpecifiedTaxRegistration': party.vatId ? { 'ram:ID': { '#text': party.vatId, '@_schemeID': 'VA' } } : null,
  });
}

/** A rate as CII states it: every category but not subject to VAT (BR-O-05) states one, 0 included. */
const ratePercent = (category: VatCategory, percent: number) => (category === 'O' ? null : percentText(percent));

export function ciiOf(invoice: EInvoice): string {
  const amount = (minor: number) => amountText(minor, invoice.currency);
  const tree = present({
    ...NAMESPACES,
    'rsm:ExchangedDocumentContext': { 'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': EN16931_ID } },
    'rsm:ExchangedDocument': present({
      'ram:ID': invoice.number,
      'ram:TypeCode': invoice.typeCode,
      'ram:IssueDateTime': dateTime(invoice.issueDate),
      'ram:IncludedNote': invoice.note ? { 'ram:Content': invoice.note } : null,
    }),
    'rsm:SupplyChainTradeTransaction': present({
      'ram:IncludedSupplyChainTradeLineItem': invoice.lines.map((line) => ({
        'ram:AssociatedDocumentLineDocument': { 'ram:LineID': line.id },
        'ram:SpecifiedTradeProduct': { 'ram:Name': line.name },
        'ram:SpecifiedLineTradeAgreement': { 'ram:NetPriceProductTradePrice': { 'ram:ChargeAmount': line.price } },
        'ram:SpecifiedLineTradeDelivery': { 'ram:BilledQuantity': { '#text': line.quantity, '@_unitCode': UNIT_CODE } },
        'ram:SpecifiedLineTradeSettlement': {
          'ram:ApplicableTradeTax': present({ 'ram:TypeCode': 'VAT', 'ram:CategoryCode': line.category, 'ram:RateApplicablePercent': ratePercent(line.category, line.percent) }),
          'ram:SpecifiedTradeSettlementLineMonetarySummation': { 'ram:LineTotalAmount': amount(line.net) },
        },
      })),
      'ram:ApplicableHeaderTradeAgreement': present({
        'ram:BuyerReference': invoice.buyerReference,
        'ram:SellerTradeParty': ciiParty(invoice.seller),
        'ram:BuyerTradeParty': ciiParty(invoice.buyer),
        'ram:AdditionalReferencedDocument': invoice.link ? { 'ram:IssuerAssignedID': invoice.number, 'ram:URIID': invoice.link, 'ram:TypeCode': '916' } : null,
      }),
      'ram:ApplicableHeaderTradeDelivery': invoice.delivery
        ? { 'ram:ShipToTradeParty': { 'ram:PostalTradeAddress': { 'ram:CountryID': invoice.delivery.country } }, 'ram:ActualDeliverySupplyChainEvent': { 'ram:OccurrenceDateTime': dateTime(invoice.delivery.date) } }
        : {},
      'ram:ApplicableHeaderTradeSettlement': present({
        'ram:PaymentReference': invoice.payment?.reference,
        'ram:TaxCurrencyCode': invoice.taxCurrency?.code,
        'ram:InvoiceCurrencyCode': invoice.currency,
        'ram:SpecifiedTradeSettlementPaymentMeans': invoice.payment ? { 'ram:TypeCode': invoice.payment.meansCode, 'ram:PayeePartyCreditorFinancialAccount': { 'ram:IBANID': invoice.payment.account } } : null,
        'ram:ApplicableTradeTax': invoice.breakdown.map((group) =>
          present({
            'ram:CalculatedAmount': amount(group.tax),
            'ram:TypeCode': 'VAT',
            'ram:ExemptionReason': group.exemptionReason,
            'ram:BasisAmount': amount(group.taxable),
            'ram:CategoryCode': group.category,
            'ram:RateApplicablePercent': ratePercent(group.category, group.percent),
          }),
        ),
        'ram:SpecifiedTradePaymentTerms': invoice.paymentTerms || invoice.dueDate ? present({ 'ram:Description': invoice.paymentTerms, 'ram:DueDateDateTime': invoice.dueDate ? dateTime(invoice.dueDate) : null }) : null,
        'ram:SpecifiedTradeSettlementHeaderMonetarySummation': present({
          'ram:LineTotalAmount': amount(invoice.lineTotal),
          'ram:TaxBasisTotalAmount': amount(invoice.taxExclusive),
          'ram:TaxTotalAmount': [
            { '#text': amount(invoice.taxTotal), '@_currencyID': invoice.currency },
            ...(invoice.taxCurrency ? [{ '#text': amountText(invoice.taxCurrency.taxTotal, invoice.taxCurrency.code), '@_currencyID': invoice.taxCurrency.code }] : []),
          ],
          'ram:GrandTotalAmount': amount(invoice.taxInclusive),
          'ram:TotalPrepaidAmount': invoice.prepaid !== 0 ? amount(invoice.prepaid) : null,
          'ram:DuePayableAmount': amount(invoice.payable),
        }),
      }),
    }),
  });
  return writeXml('rsm:CrossIndustryInvoice', tree);
}
