import { pageOf } from '../../../shared/platform/core/fields.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';
import { JournalCreate, JournalDraftPatch, JournalListQuery, ManualJournal } from '../../../shared/ledger/journal-schemas.ts';
import { VoidInput } from '../../../shared/ledger/void-date.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const journalsRoutes = defineRoutes({
  create: { id: 'journals.create', method: 'POST', path: '/api/v1/journals', entry: 'functions/ledger/journals/create.ts', auth: 'bearer', scope: 'finance_ledger:create', contract: { posting: true, summary: 'Post a manual journal (2 to 100 balanced lines)', tag: 'Journals', body: JournalCreate, response: ManualJournal, status: 201, idempotent: true } },
  list: { id: 'journals.list', method: 'GET', path: '/api/v1/journals', entry: 'functions/ledger/journals/list.ts', auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: 'List manual journals by date, then number', tag: 'Journals', query: JournalListQuery, response: pageOf(ManualJournal) } },
  get: { id: 'journals.get', method: 'GET', path: '/api/v1/journals/{id}', entry: 'functions/ledger/journals/get.ts', auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: 'Get a manual journal', tag: 'Journals', response: ManualJournal } },
  void: { id: 'journals.void', method: 'POST', path: '/api/v1/journals/{id}/void', entry: 'functions/ledger/journals/void.ts', auth: 'bearer', scope: 'finance_ledger:void', contract: { body: VoidInput, optionalBody: true, posting: true, summary: 'Void a manual journal (reversing its entry)', tag: 'Journals', response: ManualJournal } },
  update: { id: 'journals.update', method: 'PATCH', path: '/api/v1/journals/{id}', entry: 'functions/ledger/journals/update.ts', auth: 'bearer', scope: 'finance_ledger:create', contract: { summary: 'Change a draft journal (the fields sent replace its own; lines whole)', tag: 'Journals', body: JournalDraftPatch, response: ManualJournal, otherStatuses: { 409: 'The journal is posted, or the draft changed meanwhile.' } } },
  delete: { id: 'journals.delete', method: 'DELETE', path: '/api/v1/journals/{id}', entry: 'functions/ledger/journals/delete.ts', auth: 'bearer', scope: 'finance_ledger:create', contract: { summary: 'Delete a draft journal (a posted one is voided instead)', tag: 'Journals', response: ManualJournal, otherStatuses: { 409: 'The journal is posted.' } } },
  approve: { id: 'journals.approve', method: 'POST', path: '/api/v1/journals/{id}/approve', entry: 'functions/ledger/journals/approve.ts', auth: 'bearer', scope: 'finance_ledger:approve', contract: { idempotent: true, posting: true, summary: 'Approve a draft journal: posted as a direct creation would be, numbered then, on its own date', tag: 'Journals', response: ManualJournal, otherStatuses: { 409: 'The journal is posted already, or the draft changed meanwhile.' } } },
});
