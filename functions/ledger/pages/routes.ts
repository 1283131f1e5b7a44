import { defineRoutes } from '../../../shared/platform/http/route.ts';

const page = (entry: string) => `functions/ledger/pages/${entry}.ts`;

/** The ledger domain's dashboard pages and form actions; each row's `scope` is what the signed-in user's role must grant. */
export const ledgerPageRoutes = defineRoutes({
  accounts: { id: 'dashboard.accounts', method: 'GET', path: '/dashboard/accounts', entry: page('accounts'), auth: 'browser', scope: 'finance_ledger:read' },
  accountNew: { id: 'dashboard.accountNew', method: 'GET', path: '/dashboard/accounts/new', entry: page('account-new'), auth: 'browser', scope: 'finance_ledger:create' },
  accountCreate: { id: 'dashboard.accountCreate', method: 'POST', path: '/dashboard/accounts', entry: page('account-create'), auth: 'browser', scope: 'finance_ledger:create' },
  accountEdit: { id: 'dashboard.accountEdit', method: 'GET', path: '/dashboard/accounts/{id}/edit', entry: page('account-edit'), auth: 'browser', scope: 'finance_ledger:update' },
  accountUpdate: { id: 'dashboard.accountUpdate', method: 'POST', path: '/dashboard/accounts/{id}', entry: page('account-update'), auth: 'browser', scope: 'finance_ledger:update' },
  taxRates: { id: 'settings.taxRates', method: 'GET', path: '/dashboard/settings/tax-rates', entry: page('tax-rates'), auth: 'browser', scope: 'finance_ledger:read' },
  addTaxRate: { id: 'settings.addTaxRate', method: 'POST', path: '/dashboard/settings/tax-rates', entry: page('tax-rate-add'), auth: 'browser', scope: 'finance_ledger:create' },
  archiveTaxRate: { id: 'settings.archiveTaxRate', method: 'POST', path: '/dashboard/settings/tax-rates/{id}/archive', entry: page('tax-rate-archive'), auth: 'browser', scope: 'finance_ledger:update' },
  tracking: { id: 'settings.tracking', method: 'GET', path: '/dashboard/settings/tracking', entry: page('tracking'), auth: 'browser', scope: 'finance_ledger:read' },
  addTrackingCategory: { id: 'settings.addTrackingCategory', method: 'POST', path: '/dashboard/settings/tracking', entry: page('tracking-add'), auth: 'browser', scope: 'finance_ledger:create' },
  changeTrackingCategory: { id: 'settings.changeTrackingCategory', method: 'POST', path: '/dashboard/settings/tracking/{id}', entry: page('tracking-change'), auth: 'browser', scope: 'finance_ledger:update' },
  journals: { id: 'dashboard.journals', method: 'GET', path: '/dashboard/journals', entry: page('journals'), auth: 'browser', scope: 'finance_ledger:read' },
  journalNew: { id: 'dashboard.journalNew', method: 'GET', path: '/dashboard/journals/new', entry: page('journal-new'), auth: 'browser', scope: 'finance_ledger:create' },
  journal: { id: 'dashboard.journal', method: 'GET', path: '/dashboard/journals/{id}', entry: page('journal'), auth: 'browser', scope: 'finance_ledger:read' },
  approveJournal: { id: 'dashboard.approveJournal', method: 'POST', path: '/dashboard/journals/{id}/approve', entry: page('approve-journal'), auth: 'browser', scope: 'finance_ledger:approve' },
  deleteJournalDraft: { id: 'dashboard.deleteJournalDraft', method: 'POST', path: '/dashboard/journals/{id}/delete', entry: page('delete-journal-draft'), auth: 'browser', scope: 'finance_ledger:create' },
  editJournalDraft: { id: 'dashboard.editJournalDraft', method: 'GET', path: '/dashboard/journals/{id}/edit', entry: page('edit-journal-draft'), auth: 'browser', scope: 'finance_ledger:create' },
  saveJournalDraft: { id: 'dashboard.saveJournalDraft', method: 'POST', path: '/dashboard/journals/{id}/edit', entry: page('save-journal-draft'), auth: 'browser', scope: 'finance_ledger:create' },
  journalCreate: { id: 'dashboard.journalCreate', method: 'POST', path: '/dashboard/journals', entry: page('journal-create'), auth: 'browser', scope: 'finance_ledger:create' },
});
