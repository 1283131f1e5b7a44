import * as v from 'valibot';
import { CustomerDocumentListQuery, DebitNote, DebitNoteCreate, draftRoutes, RecordVoidInput } from '../../../shared/ledger/index.ts';
import { pageOf } from '../../../shared/platform/core/fields.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const debitNotesRoutes = defineRoutes({
  create: { id: 'debitNotes.create', method: 'POST', path: '/api/v1/debit-notes', entry: 'functions/sales/debit-notes/create.ts', auth: 'bearer', scope: 'sales_documents:create', contract: { idempotent: true, posting: true, summary: 'Create a debit note (posted at once)', tag: 'Debit notes', body: DebitNoteCreate, response: DebitNote, status: 201 } },
  list: { id: 'debitNotes.list', method: 'GET', path: '/api/v1/debit-notes', entry: 'functions/sales/debit-notes/list.ts', auth: 'bearer', scope: 'sales_documents:read', needs: { table: 'readwrite' }, contract: { summary: 'List debit notes by business date, then number', tag: 'Debit notes', query: CustomerDocumentListQuery, response: pageOf(DebitNote) } },
  get: { id: 'debitNotes.get', method: 'GET', path: '/api/v1/debit-notes/{id}', entry: 'functions/sales/debit-notes/get.ts', auth: 'bearer', scope: 'sales_documents:read', contract: { summary: 'Get a debit note', tag: 'Debit notes', response: DebitNote } },
  void: { id: 'debitNotes.void', method: 'POST', path: '/api/v1/debit-notes/{id}/void', entry: 'functions/sales/debit-notes/void.ts', auth: 'bearer', scope: 'sales_documents:void', contract: { body: RecordVoidInput, optionalBody: true, posting: true, summary: 'Void a debit note (reversing its journal entry)', tag: 'Debit notes', response: DebitNote } },
  pdf: { id: 'debitNotes.pdf', method: 'GET', path: '/api/v1/debit-notes/{id}/pdf', entry: 'functions/sales/debit-notes/pdf.ts', auth: 'bearer', scope: 'sales_documents:read', contract: { summary: 'Get a debit note as a PDF', tag: 'Debit notes', produces: 'application/pdf', response: v.pipe(v.string(), v.description('The PDF itself (application/pdf), named <number>.pdf.')) } },
  ...draftRoutes('debit_note', 'debitNotes', 'debit-notes', 'functions/sales/debit-notes', 'sales_documents', 'debit note', 'Debit notes', DebitNoteCreate, DebitNote),
});
