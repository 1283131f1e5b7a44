import { Rail, RailCreate, RailListQuery, RailWithSecret } from '../../../shared/banking/schemas.ts';
import { pageOf } from '../../../shared/platform/core/fields.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const payoutRailsRoutes = defineRoutes({
  create: { id: 'payoutRails.create', method: 'POST', path: '/api/v1/payout-rails', entry: 'functions/banking/payout-rails/create.ts', auth: 'bearer', scope: 'settings_webhooks:manage', contract: { summary: 'Configure a payout rail (its signing secret is shown once)', tag: 'Banking', body: RailCreate, response: RailWithSecret, status: 201 } },
  list: { id: 'payoutRails.list', method: 'GET', path: '/api/v1/payout-rails', entry: 'functions/banking/payout-rails/list.ts', auth: 'bearer', scope: 'settings_webhooks:manage', contract: { summary: 'List payout rails', tag: 'Banking', query: RailListQuery, response: pageOf(Rail) } },
  delete: { id: 'payoutRails.delete', method: 'DELETE', path: '/api/v1/payout-rails/{id}', entry: 'functions/banking/payout-rails/delete.ts', auth: 'bearer', scope: 'settings_webhooks:manage', contract: { summary: 'Delete a payout rail', tag: 'Banking', response: Rail } },
});
