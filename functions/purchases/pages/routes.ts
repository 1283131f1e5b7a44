import { defineRoutes } from '../../../shared/platform/http/route.ts';

const page = (entry: string) => `functions/purchases/pages/${entry}.ts`;

/** The purchases domain's dashboard pages and form actions; each row's `scope` is what the signed-in user's role must grant. */
export const purchasesPageRoutes = defineRoutes({
  bills: { id: 'dashboard.bills', method: 'GET', path: '/dashboard/bills', entry: page('bills'), auth: 'browser', scope: 'purchases_bills:read' },
  bill: { id: 'dashboard.bill', method: 'GET', path: '/dashboard/bills/{id}', entry: page('bill'), auth: 'browser', scope: 'purchases_bills:read' },
  confirmVoidBill: { id: 'dashboard.confirmVoidBill', method: 'GET', path: '/dashboard/bills/{id}/void', entry: page('confirm-void-bill'), auth: 'browser', scope: 'purchases_bills:void' },
  voidBill: { id: 'dashboard.voidBill', method: 'POST', path: '/dashboard/bills/{id}/void', entry: page('void-bill'), auth: 'browser', scope: 'purchases_bills:void' },
  approveBill: { id: 'dashboard.approveBill', method: 'POST', path: '/dashboard/bills/{id}/approve', entry: page('approve-bill'), auth: 'browser', scope: 'purchases_bills:approve' },
  deleteBillDraft: { id: 'dashboard.deleteBillDraft', method: 'POST', path: '/dashboard/bills/{id}/delete', entry: page('delete-bill-draft'), auth: 'browser', scope: 'purchases_bills:create' },
  eInvoiceForm: { id: 'dashboard.billEInvoiceForm', method: 'GET', path: '/dashboard/bills/e-invoice', entry: page('e-invoice-form'), auth: 'browser', scope: 'purchases_bills:create' },
  eInvoiceImport: { id: 'dashboard.billEInvoiceImport', method: 'POST', path: '/dashboard/bills/e-invoice', entry: page('e-invoice-import'), auth: 'browser', scope: 'purchases_bills:create', needs: { attachments: 'keep' } },
  billNew: { id: 'dashboard.billNew', method: 'GET', path: '/dashboard/bills/new', entry: page('bill-new'), auth: 'browser', scope: 'purchases_bills:create' },
  billCreate: { id: 'dashboard.billCreate', method: 'POST', path: '/dashboard/bills', entry: page('bill-create'), auth: 'browser', scope: 'purchases_bills:create' },
  vendorCredits: { id: 'dashboard.vendorCredits', method: 'GET', path: '/dashboard/vendor-credits', entry: page('vendor-credits'), auth: 'browser', scope: 'purchases_bills:read' },
  vendorCreditNew: { id: 'dashboard.vendorCreditNew', method: 'GET', path: '/dashboard/vendor-credits/new', entry: page('vendor-credit-new'), auth: 'browser', scope: 'purchases_bills:create' },
  vendorCreditCreate: { id: 'dashboard.vendorCreditCreate', method: 'POST', path: '/dashboard/vendor-credits', entry: page('vendor-credit-create'), auth: 'browser', scope: 'purchases_bills:create' },
  vendorCredit: { id: 'dashboard.vendorCredit', method: 'GET', path: '/dashboard/vendor-credits/{id}', entry: page('vendor-credit'), auth: 'browser', scope: 'purchases_bills:read' },
  confirmVoidVendorCredit: { id: 'dashboard.confirmVoidVendorCredit', method: 'GET', path: '/dashboard/vendor-credits/{id}/void', entry: page('confirm-void-vendor-credit'), auth: 'browser', scope: 'purchases_bills:void' },
  voidVendorCredit: { id: 'dashboard.voidVendorCredit', method: 'POST', path: '/dashboard/vendor-credits/{id}/void', entry: page('void-vendor-credit'), auth: 'browser', scope: 'purchases_bills:void' },
  applyVendorCredit: { id: 'dashboard.applyVendorCredit', method: 'POST', path: '/dashboard/vendor-credits/{id}/allocations', entry: page('apply-vendor-credit'), auth: 'browser', scope: 'purchases_bills:create' },
  refundVendorCredit: { id: 'dashboard.refundVendorCredit', method: 'POST', path: '/dashboard/vendor-credits/{id}/refund', entry: page('refund-vendor-credit'), auth: 'browser', scope: 'purchases_payments:create' },
  undoVendorCredit: { id: 'dashboard.undoVendorCredit', method: 'POST', path: '/dashboard/vendor-credit-allocations/{id}/void', entry: page('undo-vendor-credit'), auth: 'browser', scope: 'purchases_bills:void' },
  purchaseOrders: { id: 'dashboard.purchaseOrders', method: 'GET', path: '/dashboard/purchase-orders', entry: page('purchase-orders'), auth: 'browser', scope: 'purchases_documents:read' },
  purchaseOrderNew: { id: 'dashboard.purchaseOrderNew', method: 'GET', path: '/dashboard/purchase-orders/new', entry: page('purchase-order-new'), auth: 'browser', scope: 'purchases_documents:create' },
  purchaseOrderCreate: { id: 'dashboard.purchaseOrderCreate', method: 'POST', path: '/dashboard/purchase-orders', entry: page('purchase-order-create'), auth: 'browser', scope: 'purchases_documents:create' },
  purchaseOrder: { id: 'dashboard.purchaseOrder', method: 'GET', path: '/dashboard/purchase-orders/{id}', entry: page('purchase-order'), auth: 'browser', scope: 'purchases_documents:read' },
  purchaseOrderPdf: { id: 'dashboard.purchaseOrderPdf', method: 'GET', path: '/dashboard/purchase-orders/{id}/pdf', entry: page('purchase-order-pdf'), auth: 'browser', scope: 'purchases_documents:read', needs: { pdfFonts: true } },
  confirmVoidPurchaseOrder: { id: 'dashboard.confirmVoidPurchaseOrder', method: 'GET', path: '/dashboard/purchase-orders/{id}/void', entry: page('confirm-void-purchase-order'), auth: 'browser', scope: 'purchases_documents:void' },
  voidPurchaseOrder: { id: 'dashboard.voidPurchaseOrder', method: 'POST', path: '/dashboard/purchase-orders/{id}/void', entry: page('void-purchase-order'), auth: 'browser', scope: 'purchases_documents:void' },
  convertPurchaseOrder: { id: 'dashboard.convertPurchaseOrder', method: 'POST', path: '/dashboard/purchase-orders/{id}/convert', entry: page('convert-purchase-order'), auth: 'browser', scope: 'purchases_bills:create' },
  approvePurchaseOrder: { id: 'dashboard.approvePurchaseOrder', method: 'POST', path: '/dashboard/purchase-orders/{id}/approve', entry: page('approve-purchase-order'), auth: 'browser', scope: 'purchases_documents:approve' },
  deletePurchaseOrderDraft: { id: 'dashboard.deletePurchaseOrderDraft', method: 'POST', path: '/dashboard/purchase-orders/{id}/delete', entry: page('delete-purchase-order-draft'), auth: 'browser', scope: 'purchases_documents:create' },
  approveVendorCredit: { id: 'dashboard.approveVendorCredit', method: 'POST', path: '/dashboard/vendor-credits/{id}/approve', entry: page('approve-vendor-credit'), auth: 'browser', scope: 'purchases_bills:approve' },
  deleteVendorCreditDraft: { id: 'dashboard.deleteVendorCreditDraft', method: 'POST', path: '/dashboard/vendor-credits/{id}/delete', entry: page('delete-vendor-credit-draft'), auth: 'browser', scope: 'purchases_bills:create' },
});
