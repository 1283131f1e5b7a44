import { defineRoutes } from '../../../shared/platform/http/route.ts';

const page = (entry: string) => `functions/banking/pages/${entry}.ts`;
const BASE = '/dashboard/banking';

/** Reconciling in the dashboard; each row's scope is its API route's. */
export const dashboardBankingRoutes = defineRoutes({
  banking: { id: 'banking.accounts', method: 'GET', path: BASE, entry: page('accounts'), auth: 'browser', scope: 'finance_banking:read' },
  accountNew: { id: 'banking.accountNew', method: 'GET', path: `${BASE}/accounts/new`, entry: page('account-new'), auth: 'browser', scope: 'finance_banking:create' },
  accountCreate: { id: 'banking.accountCreate', method: 'POST', path: `${BASE}/accounts`, entry: page('account-create'), auth: 'browser', scope: 'finance_banking:create' },
  account: { id: 'banking.account', method: 'GET', path: `${BASE}/{id}`, entry: page('account'), auth: 'browser', scope: 'finance_banking:read' },
  line: { id: 'banking.line', method: 'GET', path: `${BASE}/lines/{id}`, entry: page('line'), auth: 'browser', scope: 'finance_banking:read' },
  matchLine: { id: 'banking.matchLine', method: 'POST', path: `${BASE}/lines/{id}/match`, entry: page('match-line'), auth: 'browser', scope: 'finance_banking:create' },
  categorizeLines: { id: 'banking.categorizeLines', method: 'POST', path: `${BASE}/{id}/categorize`, entry: page('categorize-lines'), auth: 'browser', scope: 'finance_banking:create' },
  categorizeLine: { id: 'banking.categorizeLine', method: 'POST', path: `${BASE}/lines/{id}/categorize`, entry: page('categorize-line'), auth: 'browser', scope: 'finance_banking:create' },
  excludeLine: { id: 'banking.excludeLine', method: 'POST', path: `${BASE}/lines/{id}/exclude`, entry: page('exclude-line'), auth: 'browser', scope: 'finance_banking:update' },
  importForm: { id: 'banking.importForm', method: 'GET', path: `${BASE}/{id}/import`, entry: page('import-form'), auth: 'browser', scope: 'finance_banking:create' },
  importStatement: { id: 'banking.importStatement', method: 'POST', path: `${BASE}/{id}/import`, entry: page('import-statement'), auth: 'browser', scope: 'finance_banking:create' },
  importProgress: { id: 'banking.importProgress', method: 'GET', path: `${BASE}/imports/{id}`, entry: page('import-progress'), auth: 'browser', scope: 'finance_banking:read' },
  transferForm: { id: 'banking.transferForm', method: 'GET', path: `${BASE}/transfers/new`, entry: page('transfer-form'), auth: 'browser', scope: 'finance_banking:create' },
  createTransfer: { id: 'banking.createTransfer', method: 'POST', path: `${BASE}/transfers`, entry: page('create-transfer'), auth: 'browser', scope: 'finance_banking:create' },
  rules: { id: 'banking.rules', method: 'GET', path: `${BASE}/rules`, entry: page('rules'), auth: 'browser', scope: 'finance_banking:read' },
  createRule: { id: 'banking.createRule', method: 'POST', path: `${BASE}/rules`, entry: page('create-rule'), auth: 'browser', scope: 'finance_banking:create' },
  deleteRule: { id: 'banking.deleteRule', method: 'POST', path: `${BASE}/rules/{id}/delete`, entry: page('delete-rule'), auth: 'browser', scope: 'finance_banking:update' },
  undoLine: { id: 'banking.undoLine', method: 'POST', path: `${BASE}/lines/{id}/undo`, entry: page('undo-line'), auth: 'browser', scope: 'finance_banking:update' },
});
