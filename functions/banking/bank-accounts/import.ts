import { importStatement } from '../../../shared/banking/import-statement.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { bankAccountsRoutes } from './routes.ts';
import { accepted, created, ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(bankAccountsRoutes.bankImportsCreate, async ({ businessId, id, body }) => {
  const imported = await importStatement(businessId, id, body);
  if (imported.kind === 'queued') return accepted('Import queued', imported.queued);
  return imported.received.added.length > 0 ? created('Statement imported', imported.received) : ok('Every line was already recorded', imported.received);
});
