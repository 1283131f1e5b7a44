import { draftRoutes, Expense, ExpenseCreate, RecordVoidInput, VendorDocumentListQuery } from '../../../shared/ledger/index.ts';
import { pageOf } from '../../../shared/platform/core/fields.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const expensesRoutes = defineRoutes({
  create: { id: 'expenses.create', method: 'POST', path: '/api/v1/expenses', entry: 'functions/purchases/expenses/create.ts', auth: 'bearer', scope: 'purchases_documents:create', contract: { idempotent: true, posting: true, summary: 'Create an expense (posted at once)', tag: 'Expenses', body: ExpenseCreate, response: Expense, status: 201 } },
  list: { id: 'expenses.list', method: 'GET', path: '/api/v1/expenses', entry: 'functions/purchases/expenses/list.ts', auth: 'bearer', scope: 'purchases_documents:read', needs: { table: 'readwrite' }, contract: { summary: 'List expenses by business date, then number', tag: 'Expenses', query: VendorDocumentListQuery, response: pageOf(Expense) } },
  get: { id: 'expenses.get', method: 'GET', path: '/api/v1/expenses/{id}', entry: 'functions/purchases/expenses/get.ts', auth: 'bearer', scope: 'purchases_documents:read', contract: { summary: 'Get an expense', tag: 'Expenses', response: Expense } },
  void: { id: 'expenses.void', method: 'POST', path: '/api/v1/expenses/{id}/void', entry: 'functions/purchases/expenses/void.ts', auth: 'bearer', scope: 'purchases_documents:void', contract: { body: RecordVoidInput, optionalBody: true, posting: true, summary: 'Void an expense (reversing its journal entry)', tag: 'Expenses', response: Expense } },
  ...draftRoutes('expense', 'expenses', 'expenses', 'functions/purchases/expenses', 'purchases_documents', 'expense', 'Expenses', ExpenseCreate, Expense),
});
