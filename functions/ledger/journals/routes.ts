import { pageOf } from '../../../shared/platform/core/fields.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';
import { JournalCreate, JournalListQuery, ManualJournal } from '../../../shared/ledger/journal-schemas.ts';
import { VoidInput } from '../../../shared/ledger/void-date.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const journalsRoutes = defineRoutes({
  create: { id: 'journals.create', method: 'POST', path: '/api/v1/journals', entry: 'functions/ledger/journals/create.ts', auth: 'bearer', scope: 'finance_ledger:create', contract: { posting: true, summary: 'Post a manual journal (2 to 100 balanced lines)', tag: 'Journals', body: JournalCreate, response: ManualJournal, status: 201, idempotent: true } },
  list: { id: 'journals.list', method: 'GET', path: '/api/v1/journals', entry: 'functions/ledger/journals/list.ts', auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: 'List manual journals by date, then number', tag: 'Journals', query: JournalListQuery, response: pageOf(ManualJournal) } },
  get: { id: 'journals.get', method: 'GET', path: '/api/v1/journals/{id}', entry: 'functions/ledger/journals/get.ts', auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: 'Get a manual journal', tag: 'Journals', response: ManualJournal } },
  void: { id: 'journals.void', method: 'POST', path: '/api/v1/journals/{id}/void', entry: 'functions/ledger/journals/void.ts', auth: 'bearer', scope: 'finance_ledger:void', contract: { body: VoidInput, optionalBody: true, posting: true, summary: 'Void a manual journal (reversing its entry)', tag: 'Journals', response: ManualJournal } },
});
