import { getBankAccount } from '../../../shared/banking/bank-accounts.ts';
import { getImport } from '../../../shared/banking/imports.ts';
import { bankImportPage } from '../../../shared/banking/pages/banking.tsx';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { dashboardBankingRoutes as rows } from './routes.ts';

/** A queued import's progress (`GET /bank-feeds/imports/{id}`), with the account it fills. */
export const handler = defineDashboardPage(rows.importProgress, async ({ viewer, id }) => {
  const imported = await getImport(viewer.business.id, id);
  const account = await getBankAccount(viewer.business.id, imported.account_id);
  return html(200, bankImportPage({ viewer, imported, account }));
});
