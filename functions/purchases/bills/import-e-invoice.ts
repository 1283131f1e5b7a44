import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { created, ok } from '../../../shared/platform/http/responses.ts';
import { importBillEInvoice } from '../../../shared/purchases/e-invoice-import.ts';
import { billsRoutes } from './routes.ts';

export const handler = defineHandler(billsRoutes.importEInvoice, async ({ businessId, credential, body, event }) => {
  const imported = await importBillEInvoice(businessId, credential.scopes, body, idempotencyKeyOf(event, 'bills.importEInvoice'));
  const what = imported.document.type === 'vendor_credit' ? 'Vendor credit' : 'Bill';
  return imported.created ? created(`${what} posted from the e-invoice`, imported.document) : ok(`${what} imported before`, imported.document);
});
