import { pageOf } from '../../../shared/platform/core/fields.ts';
import { Party, PartyCreate, PartyListQuery, PartyPatch, PartyWithCredit } from '../../../shared/parties/schemas.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const customersRoutes = defineRoutes({
  create: { id: 'customers.create', method: 'POST', path: '/api/v1/customers', entry: 'functions/parties/customers/create.ts', auth: 'bearer', scope: 'sales_customers:create', contract: { summary: 'Create a customer', tag: 'Customers', body: PartyCreate, response: Party, status: 201 } },
  list: { id: 'customers.list', method: 'GET', path: '/api/v1/customers', entry: 'functions/parties/customers/list.ts', auth: 'bearer', scope: 'sales_customers:read', contract: { summary: 'List customers by name', tag: 'Customers', query: PartyListQuery, response: pageOf(Party) } },
  get: { id: 'customers.get', method: 'GET', path: '/api/v1/customers/{id}', entry: 'functions/parties/customers/get.ts', auth: 'bearer', scope: 'sales_customers:read', contract: { summary: 'Get a customer, with its unapplied credit', tag: 'Customers', response: PartyWithCredit } },
  update: { id: 'customers.update', method: 'PATCH', path: '/api/v1/customers/{id}', entry: 'functions/parties/customers/update.ts', auth: 'bearer', scope: 'sales_customers:update', contract: { summary: 'Update a customer', tag: 'Customers', body: PartyPatch, response: Party } },
});
