import { ConvertInput, PurchaseOrder, PurchaseOrderCreate, VendorDocumentListQuery, Bill } from '../../../shared/ledger/documents/schemas.ts';
import { pageOf } from '../../../shared/platform/core/fields.ts';
import { draftRoutes } from '../../../shared/ledger/documents/draft-routes.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';
import { RecordVoidInput } from '../../../shared/ledger/void-date.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const purchaseOrdersRoutes = defineRoutes({
  create: { id: 'purchaseOrders.create', method: 'POST', path: '/api/v1/purchase-orders', entry: 'functions/purchases/purchase-orders/create.ts', auth: 'bearer', scope: 'purchases_documents:create', contract: { idempotent: true, summary: 'Create a purchase order', tag: 'Purchase orders', body: PurchaseOrderCreate, response: PurchaseOrder, status: 201 } },
  list: { id: 'purchaseOrders.list', method: 'GET', path: '/api/v1/purchase-orders', entry: 'functions/purchases/purchase-orders/list.ts', auth: 'bearer', scope: 'purchases_documents:read', needs: { table: 'readwrite' }, contract: { summary: 'List purchase orders by business date, then number', tag: 'Purchase orders', query: VendorDocumentListQuery, response: pageOf(PurchaseOrder) } },
  get: { id: 'purchaseOrders.get', method: 'GET', path: '/api/v1/purchase-orders/{id}', entry: 'functions/purchases/purchase-orders/get.ts', auth: 'bearer', scope: 'purchases_documents:read', contract: { summary: 'Get a purchase order', tag: 'Purchase orders', response: PurchaseOrder } },
  void: { id: 'purchaseOrders.void', method: 'POST', path: '/api/v1/purchase-orders/{id}/void', entry: 'functions/purchases/purchase-orders/void.ts', auth: 'bearer', scope: 'purchases_documents:void', contract: { body: RecordVoidInput, optionalBody: true, summary: 'Void a purchase order', tag: 'Purchase orders', response: PurchaseOrder } },
  convert: { id: 'purchaseOrders.convert', method: 'POST', path: '/api/v1/purchase-orders/{id}/convert', entry: 'functions/purchases/purchase-orders/convert.ts', auth: 'bearer', scope: 'purchases_bills:create', contract: { idempotent: true, posting: true, optionalBody: true, summary: 'Make a bill from the purchase order\'s lines: a draft, or posted with approve (which needs purchases_bills:approve too); the purchase order becomes Billed and both name each other', tag: 'Purchase orders', body: ConvertInput, response: Bill, status: 201, otherStatuses: { 409: 'The purchase order is converted already, or voided.' } } },
  ...draftRoutes('purchase_order', 'purchaseOrders', 'purchase-orders', 'functions/purchases/purchase-orders', 'purchases_documents', 'purchase order', 'Purchase orders', PurchaseOrderCreate, PurchaseOrder),
});
