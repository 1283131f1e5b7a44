import { defineRoutes } from '../../../shared/platform/http/route.ts';

const page = (entry: string) => `functions/parties/pages/${entry}.ts`;

/** The parties domain's dashboard pages and form actions; each row's `scope` is what the signed-in user's role must grant. */
export const partiesPageRoutes = defineRoutes({
  customers: { id: 'dashboard.customers', method: 'GET', path: '/dashboard/customers', entry: page('customers'), auth: 'browser', scope: 'sales_customers:read' },
  vendors: { id: 'dashboard.vendors', method: 'GET', path: '/dashboard/vendors', entry: page('vendors'), auth: 'browser', scope: 'purchases_vendors:read' },
  customerNew: { id: 'dashboard.customerNew', method: 'GET', path: '/dashboard/customers/new', entry: page('customer-new'), auth: 'browser', scope: 'sales_customers:create' },
  customerCreate: { id: 'dashboard.customerCreate', method: 'POST', path: '/dashboard/customers', entry: page('customer-create'), auth: 'browser', scope: 'sales_customers:create' },
  customerEdit: { id: 'dashboard.customerEdit', method: 'GET', path: '/dashboard/customers/{id}/edit', entry: page('customer-edit'), auth: 'browser', scope: 'sales_customers:update' },
  customerUpdate: { id: 'dashboard.customerUpdate', method: 'POST', path: '/dashboard/customers/{id}', entry: page('customer-update'), auth: 'browser', scope: 'sales_customers:update' },
  vendorNew: { id: 'dashboard.vendorNew', method: 'GET', path: '/dashboard/vendors/new', entry: page('vendor-new'), auth: 'browser', scope: 'purchases_vendors:create' },
  vendorCreate: { id: 'dashboard.vendorCreate', method: 'POST', path: '/dashboard/vendors', entry: page('vendor-create'), auth: 'browser', scope: 'purchases_vendors:create' },
  vendorEdit: { id: 'dashboard.vendorEdit', method: 'GET', path: '/dashboard/vendors/{id}/edit', entry: page('vendor-edit'), auth: 'browser', scope: 'purchases_vendors:update' },
  vendorUpdate: { id: 'dashboard.vendorUpdate', method: 'POST', path: '/dashboard/vendors/{id}', entry: page('vendor-update'), auth: 'browser', scope: 'purchases_vendors:update' },
});
