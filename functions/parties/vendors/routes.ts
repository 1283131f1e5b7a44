import { pageOf } from '../../../shared/platform/core/fields.ts';
import { Party, PartyCreate, PartyListQuery, PartyPatch, PartyWithCredit } from '../../../shared/parties/schemas.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const vendorsRoutes = defineRoutes({
  create: { id: 'vendors.create', method: 'POST', path: '/api/v1/vendors', entry: 'functions/parties/vendors/create.ts', auth: 'bearer', scope: 'purchases_vendors:create', contract: { summary: 'Create a vendor', tag: 'Vendors', body: PartyCreate, response: Party, status: 201 } },
  list: { id: 'vendors.list', method: 'GET', path: '/api/v1/vendors', entry: 'functions/parties/vendors/list.ts', auth: 'bearer', scope: 'purchases_vendors:read', contract: { summary: 'List vendors by name', tag: 'Vendors', query: PartyListQuery, response: pageOf(Party) } },
  get: { id: 'vendors.get', method: 'GET', path: '/api/v1/vendors/{id}', entry: 'functions/parties/vendors/get.ts', auth: 'bearer', scope: 'purchases_vendors:read', contract: { summary: 'Get a vendor, with its unapplied credit', tag: 'Vendors', response: PartyWithCredit } },
  update: { id: 'vendors.update', method: 'PATCH', path: '/api/v1/vendors/{id}', entry: 'functions/parties/vendors/update.ts', auth: 'bearer', scope: 'purchases_vendors:update', contract: { summary: 'Update a vendor', tag: 'Vendors', body: PartyPatch, response: Party } },
});
