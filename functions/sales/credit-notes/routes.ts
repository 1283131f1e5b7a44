import * as v from 'valibot';
import { CreditAllocation, CreditAllocationResult, CreditNote, CreditNoteCreate, creditRoutes, CustomerDocumentListQuery, draftRoutes, RecordVoidInput } from '../../../shared/ledger/index.ts';
import { pageOf } from '../../../shared/platform/core/fields.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';
import { E_INVOICE_INCOMPLETE, EInvoiceFileName, EInvoiceQuery } from '../../../shared/einvoicing/index.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const creditNotesRoutes = defineRoutes({
  create: { id: 'creditNotes.create', method: 'POST', path: '/api/v1/credit-notes', entry: 'functions/sales/credit-notes/create.ts', auth: 'bearer', scope: 'sales_documents:create', contract: { idempotent: true, posting: true, summary: 'Create a credit note (posted at once)', tag: 'Credit notes', body: CreditNoteCreate, response: CreditNote, status: 201 } },
  list: { id: 'creditNotes.list', method: 'GET', path: '/api/v1/credit-notes', entry: 'functions/sales/credit-notes/list.ts', auth: 'bearer', scope: 'sales_documents:read', needs: { table: 'readwrite' }, contract: { summary: 'List credit notes by business date, then number', tag: 'Credit notes', query: CustomerDocumentListQuery, response: pageOf(CreditNote) } },
  get: { id: 'creditNotes.get', method: 'GET', path: '/api/v1/credit-notes/{id}', entry: 'functions/sales/credit-notes/get.ts', auth: 'bearer', scope: 'sales_documents:read', contract: { summary: 'Get a credit note', tag: 'Credit notes', response: CreditNote } },
  void: { id: 'creditNotes.void', method: 'POST', path: '/api/v1/credit-notes/{id}/void', entry: 'functions/sales/credit-notes/void.ts', auth: 'bearer', scope: 'sales_documents:void', contract: { body: RecordVoidInput, optionalBody: true, posting: true, summary: 'Void a credit note (reversing its journal entry)', tag: 'Credit notes', response: CreditNote } },
  pdf: { id: 'creditNotes.pdf', method: 'GET', path: '/api/v1/credit-notes/{id}/pdf', entry: 'functions/sales/credit-notes/pdf.ts', auth: 'bearer', scope: 'sales_documents:read', contract: { summary: 'Get a credit note as a PDF', tag: 'Credit notes', produces: 'application/pdf', response: v.pipe(v.string(), v.description('The PDF itself (application/pdf), named <number>.pdf.')) } },
  eInvoice: { id: 'creditNotes.eInvoice', method: 'GET', path: '/api/v1/credit-notes/{id}/e-invoice', entry: 'functions/sales/credit-notes/e-invoice.ts', auth: 'bearer', scope: 'sales_documents:read', contract: { summary: 'Get the credit note as an EN 16931 e-invoice (UBL or CII)', tag: 'Credit notes', query: EInvoiceQuery, produces: 'application/xml', response: EInvoiceFileName, otherStatuses: { 409: 'The credit note is voided.', 422: E_INVOICE_INCOMPLETE } } },
  ...creditRoutes('credit_note', 'creditNotes', 'credit-notes', 'functions/sales/credit-notes', 'sales_documents', 'Credit notes', CreditAllocation, CreditAllocationResult),
  ...draftRoutes('credit_note', 'creditNotes', 'credit-notes', 'functions/sales/credit-notes', 'sales_documents', 'credit note', 'Credit notes', CreditNoteCreate, CreditNote),
});
