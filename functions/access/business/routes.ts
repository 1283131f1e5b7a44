import { BusinessPatch, BusinessProfile, LockDatePut } from '../../../shared/access/businesses/schemas.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const businessRoutes = defineRoutes({
  get: { id: 'business.get', method: 'GET', path: '/api/v1/business', entry: 'functions/access/business/get.ts', auth: 'bearer', scope: null, contract: { summary: "The credential's business: its profile, home currency, financial year and lock date (any credential of the business)", tag: 'Business', response: BusinessProfile } },
  update: { id: 'business.update', method: 'PATCH', path: '/api/v1/business', entry: 'functions/access/business/update.ts', auth: 'bearer', scope: 'settings_business:manage', contract: { summary: 'Change the business profile (base_currency is fixed once anything is posted)', tag: 'Business', body: BusinessPatch, response: BusinessProfile, otherStatuses: { 409: 'base_currency cannot change: the business has postings (conflict).' } } },
  lockDate: { id: 'business.lockDate', method: 'PUT', path: '/api/v1/business/lock-date', entry: 'functions/access/business/lock-date.ts', auth: 'bearer', scope: null, contract: { summary: 'Set, move or clear the lock date: later needs finance_ledger:update; earlier or cleared needs settings_business:manage (403 naming the scope otherwise)', tag: 'Business', body: LockDatePut, response: BusinessProfile } },
});
