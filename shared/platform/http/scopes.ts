/**
 * Scopes are `feature_code:verb`. Every scope the service knows is listed here once; the route table, API keys,
 * the consent screen and the roles all refer to this list.
 */
export const SCOPES = [
  'sales_customers:read',
  'sales_customers:create',
  'sales_customers:update',
  'sales_invoices:read',
  'sales_invoices:create',
  'sales_invoices:update',
  'sales_invoices:void',
  'sales_invoices:approve',
  'sales_receipts:read',
  'sales_receipts:create',
  'sales_receipts:void',
  'sales_documents:read',
  'sales_documents:create',
  'sales_documents:void',
  'sales_documents:approve',
  'purchases_vendors:read',
  'purchases_vendors:create',
  'purchases_vendors:update',
  'purchases_bills:read',
  'purchases_bills:create',
  'purchases_bills:void',
  'purchases_bills:approve',
  'purchases_payments:read',
  'purchases_payments:create',
  'purchases_payments:void',
  'purchases_documents:read',
  'purchases_documents:create',
  'purchases_documents:void',
  'purchases_documents:approve',
  'inventory_items:read',
  'inventory_items:create',
  'inventory_items:update',
  'finance_banking:read',
  'finance_banking:create',
  'finance_banking:update',
  'finance_ledger:read',
  'finance_ledger:create',
  'finance_ledger:update',
  'finance_ledger:void',
  'finance_ledger:approve',
  'settings_webhooks:manage',
  'settings_api_keys:manage',
  'settings_reminders:manage',
  'settings_business:manage',
  'events:read',
  'audit:read',
] as const;

export type Scope = (typeof SCOPES)[number];

const known: ReadonlySet<string> = new Set(SCOPES);

export function isScope(text: string): text is Scope {
  return known.has(text);
}

/** Options an API key may hold beside its scopes. */
export const API_KEY_OPTIONS = ['webhooks'] as const;
export type ApiKeyOption = (typeof API_KEY_OPTIONS)[number];

export type Role = 'owner' | 'accountant' | 'viewer';

/** Reads a viewer does not get: who changed what (api.md: the audit trail is for owners and accountants). */
const NOT_FOR_VIEWERS: ReadonlySet<Scope> = new Set(['audit:read']);

/** What each role may do: owner everything, accountant everything but settings, viewer every read but the audit trail. */
export function scopesOfRole(role: Role): Scope[] {
  if (role === 'owner') return [...SCOPES];
  if (role === 'accountant') return SCOPES.filter((scope) => !scope.startsWith('settings_'));
  return SCOPES.filter((scope) => scope.endsWith(':read') && !NOT_FOR_VIEWERS.has(scope));
}

export function parseScopeList(text: string | undefined): Scope[] {
  return [...new Set((text ?? '').split(/\s+/).filter(isScope))];
}

/**
 * What a scope reaches beyond its name, said on the consent screen: events carry whole records, so reading them
 * reads every kind of record, whatever other scopes the app holds.
 */
export const SCOPE_NOTES: Readonly<Partial<Record<Scope, string>>> = {
  'events:read': 'scope reads every record the events carry (invoices, bills, receipts, payments, customers, vendors, journals, bank lines…), whatever else the app may read',
};
