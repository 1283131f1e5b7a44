import { Bill, BillCreate, draftRoutes, RecordVoidInput, VendorDocumentListQuery } from '../../../shared/ledger/index.ts';
import { pageOf } from '../../../shared/platform/core/fields.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';
import { EInvoiceImport, EInvoiceImported, E_INVOICE_IMPORT_REFUSALS } from '../../../shared/purchases/schemas.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const billsRoutes = defineRoutes({
  create: { id: 'bills.create', method: 'POST', path: '/api/v1/bills', entry: 'functions/purchases/bills/create.ts', auth: 'bearer', scope: 'purchases_bills:create', contract: { idempotent: true, posting: true, summary: 'Create a bill (posted at once)', tag: 'Bills', body: BillCreate, response: Bill, status: 201 } },
  list: { id: 'bills.list', method: 'GET', path: '/api/v1/bills', entry: 'functions/purchases/bills/list.ts', auth: 'bearer', scope: 'purchases_bills:read', needs: { table: 'readwrite' }, contract: { summary: 'List bills by business date, then number', tag: 'Bills', query: VendorDocumentListQuery, response: pageOf(Bill) } },
  get: { id: 'bills.get', method: 'GET', path: '/api/v1/bills/{id}', entry: 'functions/purchases/bills/get.ts', auth: 'bearer', scope: 'purchases_bills:read', contract: { summary: 'Get a bill', tag: 'Bills', response: Bill } },
  importEInvoice: { id: 'bills.importEInvoice', method: 'POST', path: '/api/v1/bills/e-invoices', entry: 'functions/purchases/bills/import-e-invoice.ts', auth: 'bearer', scope: 'purchases_bills:create', needs: { attachments: 'keep' }, contract: { idempotent: true, posting: true, consumes: 'application/xml', summary: "Book a supplier's EN 16931 e-invoice (UBL Invoice or CreditNote, or CII), sent as the body with content-type application/xml or named by an uploaded attachment: an invoice becomes a bill, a credit note a vendor credit, the vendor found by VAT identifier or electronic address (else created), the XML kept as its attachment. 400 invalid_e_invoice names each EN 16931 rule it breaks.", tag: 'Bills', body: EInvoiceImport, response: EInvoiceImported, status: 201, otherStatuses: E_INVOICE_IMPORT_REFUSALS } },
  void: { id: 'bills.void', method: 'POST', path: '/api/v1/bills/{id}/void', entry: 'functions/purchases/bills/void.ts', auth: 'bearer', scope: 'purchases_bills:void', contract: { body: RecordVoidInput, optionalBody: true, posting: true, summary: 'Void a bill (reversing its journal entry)', tag: 'Bills', response: Bill } },
  ...draftRoutes('bill', 'bills', 'bills', 'functions/purchases/bills', 'purchases_bills', 'bill', 'Bills', BillCreate, Bill),
});
