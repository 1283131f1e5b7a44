/**
 * `POST /bills/e-invoices`: a supplier's EN 16931 invoice (UBL or CII) booked as a bill, or its credit note as a
 * vendor credit (api.md, "Electronic invoices"; docs/e-invoices.md). The XML is read and checked against the
 * standard's rules (400 `invalid_e_invoice`, naming each rule), the vendor found by its VAT identifier or electronic
 * address (else created), each category and rate matched to a tax rate, and the bill posted through the one posting
 * path, with the XML kept as its attachment and an item that makes the supplier's number from that vendor import
 * once: a second import answers the first bill (200).
 */
import { IdempotencyKeyReused, NotFound, PeriodLocked, RuleViolation, StateConflict, Unprocessable, type FieldProblem } from '../platform/core/errors.ts';
import { batchGet, getItem } from '../platform/db/query.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { minorDigits } from '../platform/core/money.ts';
import { businessKey, businessPk, type Key } from '../platform/db/keys.ts';
import { businessRateOn, firstLockedGuard, ledgerRulesKey, ledgerRulesOf, readTaxRates, recentRatesKey, recentRatesOf } from '../ledger/index.ts';
import type { DocumentCreateBody, DocumentResource } from '../ledger/index.ts';
import type { Scope } from '../platform/http/scopes.ts';
import type { XmlBody } from '../platform/http/json-body.ts';
import { readEInvoice, ruleFailures } from '../einvoicing/index.ts';
import type { ReceivedInvoice } from '../einvoicing/index.ts';
import { createDocument, getDocument } from '../documents/index.ts';
import { parties, findPartyByIdentity } from '../parties/index.ts';
import { safeFileName, addKeptFile, putKeptFile, readAttachmentFile, removeKeptFile, type KeptFile } from '../attachments/index.ts';
import { billBodyOf, totalsDiffer } from './e-invoice-bill.ts';

/** The largest uploaded e-invoice read from an attachment (api.md); a body sent inline is bounded by the 1 MiB of every body. */
export const MAX_E_INVOICE_FILE_BYTES = 10 * 1024 * 1024;

export type EInvoiceImportBody = XmlBody | { readonly attachment_id: string };

type ImportedType = 'bill' | 'vendor_credit';
export interface EInvoiceImported {
  /** Whether this import made the document (201) or found it made by an earlier import (200). */
  readonly created: boolean;
  readonly document: DocumentResource<ImportedType>;
}

/** The item that makes one supplier document from one vendor import once; it names the document made. */
const importedKey = (businessId: Id, vendorId: Id, type: ImportedType, number: string): Key => ({ pk: `${businessPk(businessId)}#E_INVOICE_IMPORT`, sk: `${vendorId}#${type}#${number}` });

/** Raised inside the posting when the e-invoice was imported before: the use case answers that document. */
class ImportedBefore extends Error {
  constructor(readonly documentId: Id) {
    super('imported before');
  }
}

/** What a posting refuses with before it writes anything. */
const REFUSALS = [ImportedBefore, RuleViolation, Unprocessable, StateConflict, PeriodLocked, NotFound, IdempotencyKeyReused];

const invalid = (problems: readonly FieldProblem[]) => new RuleViolation(problems, 'invalid_e_invoice');
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

async function xmlOf(businessId: Id, scopes: ReadonlySet<Scope>, body: EInvoiceImportBody): Promise<string> {
  if ('xml' in body) return body.xml;
  const bytes = await readAttachmentFile(businessId, scopes, body.attachment_id as Id, { field: 'attachment_id', types: ['application/xml', 'text/xml'], maxBytes: MAX_E_INVOICE_FILE_BYTES });
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw invalid([{ field: 'attachment_id', message: 'names a file that is not UTF-8 text' }]);
  }
}

/** The supplier's document read and checked: every reading problem, else every broken rule, named. */
function checkedInvoice(xml: string): ReceivedInvoice {
  const read = readEInvoice(xml);
  if ('problems' in read) throw invalid(read.problems);
  const failures = ruleFailures(read.invoice, 10 ** minorDigits(read.invoice.currency));
  if (failures.length > 0) throw invalid(failures.map((failure) => ({ field: failure.rule, message: failure.message })));
  return read.invoice;
}

/** The vendor the seller is: found by its VAT identifier or electronic address, else made from the seller's details. */
async function vendorOf(businessId: Id, invoice: ReceivedInvoice): Promise<Id> {
  const { seller } = invoice;
  const found = await findPartyByIdentity(businessId, 'vendor', { taxNumber: seller.vatId, electronicAddress: seller.electronicAddress });
  if (found) return found;
  const { address } = seller;
  const made = await parties('vendor').create(businessId, {
    name: seller.name.slice(0, 200),
    currency: invoice.currency,
    email: null,
    tax_number: seller.vatId?.slice(0, 50) ?? null,
    electronic_address: seller.electronicAddress,
    billing_address: { ...(address.line1 ? { line1: address.line1 } : {}), ...(address.line2 ? { line2: address.line2 } : {}), ...(address.city ? { city: address.city } : {}), ...(address.region ? { region: address.region } : {}), ...(address.postalCode ? { postal_code: address.postalCode } : {}), country: address.country },
  });
  return made.id;
}

/**
 * The posting's own refusals that need no vendor, given before one is made: a locked period, and a foreign
 * currency the business has no rate of on the invoice's date (a rate is never guessed). The posting checks both
 * again.
 */
async function refuseWhatThePostingWould(businessId: Id, invoice: ReceivedInvoice, dateField: string): Promise<{ readonly taxRounding: 'rate' | 'line' }> {
  const [rulesKey, profileKey, ratesKey] = [ledgerRulesKey(businessId), businessKey(businessId), recentRatesKey(businessId)];
  const read = await batchGet([rulesKey, profileKey, ratesKey]);
  const { lockDate } = ledgerRulesOf(read(rulesKey));
  if (firstLockedGuard(lockDate, [{ field: dateField, date: invoice.issueDate }])) throw new PeriodLocked(dateField, lockDate!);
  const home = String(read(profileKey)?.currency);
  if (invoice.currency !== home && !(await businessRateOn(businessId, recentRatesOf(read(ratesKey)), invoice.currency, invoice.issueDate))) {
    throw RuleViolation.of('currency', `is ${invoice.currency} (BT-5), and no ${invoice.currency} rate is recorded on or before ${invoice.issueDate}: record one at POST /exchange-rates, then import again`);
  }
  return { taxRounding: read(profileKey)?.tax_rounding === 'line' ? 'line' : 'rate' };
}

const UNSUPPORTED = 'The e-invoice is valid, but the books cannot take it as it is (e_invoice_unsupported); `details` names each part.';

export async function importBillEInvoice(businessId: Id, scopes: ReadonlySet<Scope>, body: EInvoiceImportBody, scope?: { route: string; key: string }): Promise<EInvoiceImported> {
  const xml = await xmlOf(businessId, scopes, body);
  const invoice = checkedInvoice(xml);
  const type: ImportedType = invoice.typeCode === '381' ? 'vendor_credit' : 'bill';
  const [rates, { taxRounding }] = await Promise.all([readTaxRates(businessId).then((read) => read.map((rate) => rate.record)), refuseWhatThePostingWould(businessId, invoice, type === 'bill' ? 'bill_date' : 'date')]);
  // The rates and the totals they give are checked before a vendor is made, so that a document the books cannot
  // take leaves nothing behind (a refusal only the posting gives, a vendor of another currency, comes after it).
  const probe = billBodyOf(invoice, rates, taxRounding);
  if ('problems' in probe) throw new Unprocessable('e_invoice_unsupported', UNSUPPORTED, probe.problems);
  const differs = totalsDiffer(invoice, probe.totals);
  if (differs.length > 0) throw new Unprocessable('e_invoice_unsupported', UNSUPPORTED, differs);
  const vendorId = await vendorOf(businessId, invoice);
  const onceKey = importedKey(businessId, vendorId, type, invoice.number);
  const earlier = await getItem(onceKey);
  if (earlier) return { created: false, document: await getDocument(type, businessId, earlier.document_id as Id) };
  const documentId = newId();
  const file: KeptFile = { id: newId(), recordType: type, recordId: documentId, fileName: `${safeFileName(invoice.number).slice(0, 200)}.xml`, contentType: 'application/xml', bytes: new TextEncoder().encode(xml) };
  await putKeptFile(businessId, file);
  try {
    const made = await createDocument(type, businessId, { ...probe.body, vendor_id: vendorId } as DocumentCreateBody, scope, {
      reads: [onceKey],
      fields: { id: documentId },
      decide: (read, document) => {
        const before = read(onceKey);
        if (before) throw new ImportedBefore(before.document_id as Id);
        // Decided again on the posting's own read (the business may have changed its rounding since).
        const posted = totalsDiffer(invoice, document);
        if (posted.length > 0) throw new Unprocessable('e_invoice_unsupported', UNSUPPORTED, posted);
        return (tx) => {
          tx.put('E_INVOICE_IMPORT:once', { ...onceKey, document_id: document.id, type }, { expression: 'attribute_not_exists(pk)' });
          addKeptFile(tx, businessId, file, document.created_at);
        };
      },
    });
    return { created: true, document: made as DocumentResource<ImportedType> };
  } catch (error) {
    // A refusal wrote nothing, so its file goes; after any other failure the posting may have landed, and the file stays.
    if (REFUSALS.some((refusal) => error instanceof refusal)) await removeKeptFile(businessId, file.id);
    if (!(error instanceof ImportedBefore)) throw error;
    return { created: false, document: await getDocument(type, businessId, error.documentId) };
  }
}
