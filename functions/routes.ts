/**
 * The route table: the one list of endpoints. CDK builds one Lambda and one API Gateway route per row, the local
 * runtime serves the same rows, and the OpenAPI description covers them. Data only: no logic lives here.
 *
 * - `path` is in API Gateway form (`{id}` for a path parameter); `$default` catches every unmatched request.
 * - `entry` is the handler module, relative to the repository root; it exports `handler`.
 * - `auth`: `public` (no credential), `bearer` (API key or OAuth access token), `api_key:webhooks` (an API key
 *   holding the webhooks option).
 * - `scope`: the scope a bearer credential must hold, or null.
 */
import type { Scope } from '../shared/domain/scopes.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type RouteAuth = 'public' | 'bearer' | 'api_key:webhooks';

export interface RouteRow {
  readonly id: string;
  readonly method: HttpMethod | 'ANY';
  readonly path: string;
  readonly entry: string;
  readonly auth: RouteAuth;
  readonly scope: Scope | null;
}

export const routes = [
  { id: 'index.get', method: 'GET', path: '/api/v1', entry: 'functions/http/index/get.ts', auth: 'public', scope: null },
  { id: 'openapi.get', method: 'GET', path: '/api/v1/openapi.json', entry: 'functions/http/index/openapi.ts', auth: 'public', scope: null },
  { id: 'webhookEvents.list', method: 'GET', path: '/api/v1/webhooks/events', entry: 'functions/http/webhooks/events.ts', auth: 'api_key:webhooks', scope: null },

  { id: 'customers.create', method: 'POST', path: '/api/v1/customers', entry: 'functions/http/customers/create.ts', auth: 'bearer', scope: 'sales_customers:create' },
  { id: 'customers.list', method: 'GET', path: '/api/v1/customers', entry: 'functions/http/customers/list.ts', auth: 'bearer', scope: 'sales_customers:read' },
  { id: 'customers.get', method: 'GET', path: '/api/v1/customers/{id}', entry: 'functions/http/customers/get.ts', auth: 'bearer', scope: 'sales_customers:read' },
  { id: 'customers.update', method: 'PATCH', path: '/api/v1/customers/{id}', entry: 'functions/http/customers/update.ts', auth: 'bearer', scope: 'sales_customers:update' },

  { id: 'vendors.create', method: 'POST', path: '/api/v1/vendors', entry: 'functions/http/vendors/create.ts', auth: 'bearer', scope: 'purchases_vendors:create' },
  { id: 'vendors.list', method: 'GET', path: '/api/v1/vendors', entry: 'functions/http/vendors/list.ts', auth: 'bearer', scope: 'purchases_vendors:read' },
  { id: 'vendors.get', method: 'GET', path: '/api/v1/vendors/{id}', entry: 'functions/http/vendors/get.ts', auth: 'bearer', scope: 'purchases_vendors:read' },
  { id: 'vendors.update', method: 'PATCH', path: '/api/v1/vendors/{id}', entry: 'functions/http/vendors/update.ts', auth: 'bearer', scope: 'purchases_vendors:update' },

  { id: 'items.create', method: 'POST', path: '/api/v1/items', entry: 'functions/http/items/create.ts', auth: 'bearer', scope: 'inventory_items:create' },
  { id: 'items.list', method: 'GET', path: '/api/v1/items', entry: 'functions/http/items/list.ts', auth: 'bearer', scope: 'inventory_items:read' },
  { id: 'items.get', method: 'GET', path: '/api/v1/items/{id}', entry: 'functions/http/items/get.ts', auth: 'bearer', scope: 'inventory_items:read' },
  { id: 'items.update', method: 'PATCH', path: '/api/v1/items/{id}', entry: 'functions/http/items/update.ts', auth: 'bearer', scope: 'inventory_items:update' },

  { id: 'bankAccounts.create', method: 'POST', path: '/api/v1/bank-feeds/accounts', entry: 'functions/http/bank-accounts/create.ts', auth: 'bearer', scope: 'finance_banking:create' },
  { id: 'bankAccounts.list', method: 'GET', path: '/api/v1/bank-feeds/accounts', entry: 'functions/http/bank-accounts/list.ts', auth: 'bearer', scope: 'finance_banking:read' },
  { id: 'bankAccounts.get', method: 'GET', path: '/api/v1/bank-feeds/accounts/{id}', entry: 'functions/http/bank-accounts/get.ts', auth: 'bearer', scope: 'finance_banking:read' },

  { id: 'fallback', method: 'ANY', path: '$default', entry: 'functions/http/fallback.ts', auth: 'public', scope: null },
] as const satisfies readonly RouteRow[];

export type Route = (typeof routes)[number];
export type RouteId = Route['id'];
