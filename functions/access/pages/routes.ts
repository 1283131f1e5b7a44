import { defineRoutes } from '../../../shared/platform/http/route.ts';

const page = (entry: string) => `functions/access/pages/${entry}.ts`;
const WEBHOOKS = '/dashboard/settings/webhooks';
const MEMBERS = '/dashboard/settings/members';

/** Settings pages and their form actions; each row's `scope` is what the user's role must grant (connected apps are the user's own). */
export const dashboardSettingsRoutes = defineRoutes({
  webhooks: { id: 'settings.webhooks', method: 'GET', path: WEBHOOKS, entry: page('webhooks'), auth: 'browser', scope: 'settings_webhooks:manage' },
  createEndpoint: { id: 'settings.createEndpoint', method: 'POST', path: WEBHOOKS, entry: page('create-endpoint'), auth: 'browser', scope: 'settings_webhooks:manage' },
  endpoint: { id: 'settings.endpoint', method: 'GET', path: `${WEBHOOKS}/{id}`, entry: page('endpoint'), auth: 'browser', scope: 'settings_webhooks:manage' },
  updateEndpoint: { id: 'settings.updateEndpoint', method: 'POST', path: `${WEBHOOKS}/{id}`, entry: page('update-endpoint'), auth: 'browser', scope: 'settings_webhooks:manage' },
  deleteEndpoint: { id: 'settings.deleteEndpoint', method: 'POST', path: `${WEBHOOKS}/{id}/delete`, entry: page('delete-endpoint'), auth: 'browser', scope: 'settings_webhooks:manage' },
  pingEndpoint: { id: 'settings.pingEndpoint', method: 'POST', path: `${WEBHOOKS}/{id}/ping`, entry: page('ping-endpoint'), auth: 'browser', scope: 'settings_webhooks:manage' },
  rotateSecret: { id: 'settings.rotateSecret', method: 'POST', path: `${WEBHOOKS}/{id}/rotate-secret`, entry: page('rotate-secret'), auth: 'browser', scope: 'settings_webhooks:manage' },
  retryDelivery: { id: 'settings.retryDelivery', method: 'POST', path: `${WEBHOOKS}/deliveries/{id}/retry`, entry: page('retry-delivery'), auth: 'browser', scope: 'settings_webhooks:manage' },
  apiKeys: { id: 'settings.apiKeys', method: 'GET', path: '/dashboard/settings/api-keys', entry: page('api-keys'), auth: 'browser', scope: 'settings_api_keys:manage' },
  createApiKey: { id: 'settings.createApiKey', method: 'POST', path: '/dashboard/settings/api-keys', entry: page('create-api-key'), auth: 'browser', scope: 'settings_api_keys:manage' },
  revokeApiKey: { id: 'settings.revokeApiKey', method: 'POST', path: '/dashboard/settings/api-keys/{id}/revoke', entry: page('revoke-api-key'), auth: 'browser', scope: 'settings_api_keys:manage' },
  connectedApps: { id: 'settings.connectedApps', method: 'GET', path: '/dashboard/settings/connected-apps', entry: page('connected-apps'), auth: 'browser', scope: null },
  revokeConnectedApp: { id: 'settings.revokeConnectedApp', method: 'POST', path: '/dashboard/settings/connected-apps/{id}/revoke', entry: page('revoke-connected-app'), auth: 'browser', scope: null },
  payoutRails: { id: 'settings.payoutRails', method: 'GET', path: '/dashboard/settings/payout-rails', entry: page('payout-rails'), auth: 'browser', scope: 'settings_webhooks:manage' },
  createPayoutRail: { id: 'settings.createPayoutRail', method: 'POST', path: '/dashboard/settings/payout-rails', entry: page('create-payout-rail'), auth: 'browser', scope: 'settings_webhooks:manage' },
  deletePayoutRail: { id: 'settings.deletePayoutRail', method: 'POST', path: '/dashboard/settings/payout-rails/{id}/delete', entry: page('delete-payout-rail'), auth: 'browser', scope: 'settings_webhooks:manage' },
  members: { id: 'settings.members', method: 'GET', path: MEMBERS, entry: page('members'), auth: 'browser', scope: 'settings_business:manage' },
  inviteMember: { id: 'settings.inviteMember', method: 'POST', path: MEMBERS, entry: page('invite-member'), auth: 'browser', scope: 'settings_business:manage', needs: { linkSecret: true } },
  updateMember: { id: 'settings.updateMember', method: 'POST', path: `${MEMBERS}/{id}/role`, entry: page('update-member'), auth: 'browser', scope: 'settings_business:manage' },
  removeMember: { id: 'settings.removeMember', method: 'POST', path: `${MEMBERS}/{id}/remove`, entry: page('remove-member'), auth: 'browser', scope: 'settings_business:manage' },
  business: { id: 'settings.business', method: 'GET', path: '/dashboard/settings/business', entry: page('business'), auth: 'browser', scope: 'settings_business:manage' },
  saveBusiness: { id: 'settings.saveBusiness', method: 'POST', path: '/dashboard/settings/business', entry: page('save-business'), auth: 'browser', scope: 'settings_business:manage' },
  lockDate: { id: 'settings.lockDate', method: 'GET', path: '/dashboard/settings/lock-date', entry: page('lock-date'), auth: 'browser', scope: 'finance_ledger:update' },
  saveLockDate: { id: 'settings.saveLockDate', method: 'POST', path: '/dashboard/settings/lock-date', entry: page('save-lock-date'), auth: 'browser', scope: 'finance_ledger:update' },
  exchangeRates: { id: 'settings.exchangeRates', method: 'GET', path: '/dashboard/settings/exchange-rates', entry: page('exchange-rates'), auth: 'browser', scope: 'finance_ledger:read' },
  recordExchangeRate: { id: 'settings.recordExchangeRate', method: 'POST', path: '/dashboard/settings/exchange-rates', entry: page('record-exchange-rate'), auth: 'browser', scope: 'finance_ledger:create' },
  recurringInvoices: { id: 'settings.recurringInvoices', method: 'GET', path: '/dashboard/recurring-invoices', entry: page('recurring-invoices'), auth: 'browser', scope: 'sales_invoices:read' },
  recurringStatus: { id: 'settings.recurringStatus', method: 'POST', path: '/dashboard/recurring-invoices/{id}/status', entry: page('recurring-status'), auth: 'browser', scope: 'sales_invoices:update' },
  recurringDelete: { id: 'settings.recurringDelete', method: 'POST', path: '/dashboard/recurring-invoices/{id}/delete', entry: page('recurring-delete'), auth: 'browser', scope: 'sales_invoices:update' },
  reminders: { id: 'settings.reminders', method: 'GET', path: '/dashboard/settings/reminders', entry: page('reminders'), auth: 'browser', scope: 'settings_reminders:manage' },
  saveReminders: { id: 'settings.saveReminders', method: 'POST', path: '/dashboard/settings/reminders', entry: page('save-reminders'), auth: 'browser', scope: 'settings_reminders:manage' },
});

/** The dashboard's shell: its stylesheet, the business switcher, signing out, and the local mailbox. */
export const dashboardShellRoutes = defineRoutes({
  stylesheet: { id: 'dashboard.stylesheet', method: 'GET', path: '/assets/app.css', entry: page('stylesheet'), auth: 'browser', scope: null },
  businesses: { id: 'dashboard.businesses', method: 'GET', path: '/dashboard/businesses', entry: page('businesses'), auth: 'browser', scope: null },
  pickBusiness: { id: 'dashboard.pickBusiness', method: 'POST', path: '/dashboard/business', entry: page('pick-business'), auth: 'browser', scope: null },
  signOut: { id: 'dashboard.signOut', method: 'POST', path: '/dashboard/sign-out', entry: page('sign-out'), auth: 'browser', scope: null },
  signOutEverywhere: { id: 'dashboard.signOutEverywhere', method: 'POST', path: '/dashboard/sign-out-everywhere', entry: page('sign-out-everywhere'), auth: 'browser', scope: null },
  outbox: { id: 'dashboard.outbox', method: 'GET', path: '/dashboard/outbox', entry: page('outbox'), auth: 'browser', scope: 'sales_invoices:read', localOnly: true },
  outboxMessage: { id: 'dashboard.outboxMessage', method: 'GET', path: '/dashboard/outbox/{id}', entry: page('outbox-message'), auth: 'browser', scope: 'sales_invoices:read', localOnly: true },
});
