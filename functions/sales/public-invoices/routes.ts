import * as v from 'valibot';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/**
 * The customer's side of an invoice, opened by its link with no credential: limited per client address, never
 * against the business's quota (see shared/sales/public-links.ts).
 */
export const publicInvoicesRoutes = defineRoutes({
  page: { id: 'publicInvoices.page', method: 'GET', path: '/i/{token}', entry: 'functions/sales/public-invoices/page.ts', auth: 'public', scope: null, needs: { table: 'readwrite', linkSecret: true }, contract: { summary: "An invoice's public page (its link's token; no credential)", tag: 'Public invoices', produces: 'text/html', response: v.string(), otherStatuses: { 404: 'No invoice opens with this token.', 429: 'Too many requests from this client address this minute (rate_limited); Retry-After says when to come back.' } } },
  pdf: { id: 'publicInvoices.pdf', method: 'GET', path: '/i/{token}/pdf', entry: 'functions/sales/public-invoices/pdf.ts', auth: 'public', scope: null, needs: { table: 'readwrite', linkSecret: true }, contract: { summary: "An invoice's PDF, from its public page", tag: 'Public invoices', produces: 'application/pdf', response: v.string(), otherStatuses: { 404: 'No invoice opens with this token.', 429: 'Too many requests from this client address this minute (rate_limited); Retry-After says when to come back.' } } },
});
