import type { Credential } from '../../../shared/access/index.ts';
import { ScopeRequired } from '../../../shared/platform/core/errors.ts';

/** A statement lists the customer's invoices, so it needs their scope as well as the route's (the customer's). */
export function needsInvoices(credential: Credential): void {
  if (!credential.scopes.has('sales_invoices:read')) throw new ScopeRequired('sales_invoices:read');
}
