import { PurchaseOrder, PurchaseOrderCreate, VendorDocumentListQuery } from '../../../shared/ledger/documents/schemas.ts';
import { pageOf } from '../../../shared/platform/core/fields.ts';
import { draftRoutes } from '../../../shared/ledger/documents/draft-routes.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';
import { VoidInput } from '../../../shared/ledger/void-date.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const purchaseOrdersRoutes = defineRoutes({
  create: { id: 'purchaseOrders.create', method: 'POST', path: '/api/v1/purchase-orders', entry: 'functions/purchases/purchase-orders/create.ts', auth: 'bearer', scope: 'purchases_documents:create', contract: { idempotent: true, summary: 'Create a purchase order', tag: 'Purchase orders', body: PurchaseOrderCreate, response: PurchaseOrder, status: 201 } },
  list: { id: 'purchaseOrders.list', method: 'GET', path: '/api/v1/purchase-orders', entry: 'functions/purchases/purchase-orders/list.ts', auth: 'bearer', scope: 'purchases_documents:read', needs: { table: 'readwrite' }, contract: { summary: 'List purchase orders by business date, then number', tag: 'Purchase orders', query: VendorDocumentListQuery, response: pageOf(PurchaseOrder) } },
  get: { id: 'purchaseOrders.get', method: 'GET', path: '/api/v1/purchase-orders/{id}', entry: 'functions/purchases/purchase-orders/get.ts', auth: 'bearer', scope: 'purchases_documents:read', contract: { summary: 'Get a purchase order', tag: 'Purchase orders', response: PurchaseOrder } },
  void: { id: 'purchaseOrders.void', method: 'POST', path: '/api/v1/purchase-orders/{id}/void', entry: 'functions/purchases/purchase-orders/void.ts', auth: 'bearer', scope: 'purchases_documents:void', contract: { body: VoidInput, optionalBody: true, summary: 'Void a purchase order', tag: 'Purchase orders', response: PurchaseOrder } },
  ...draftRoutes('purchase_order', 'purchaseOrders', 'purchase-orders', 'functions/purchases/purchase-orders', 'purchases_documents', 'purchase order', 'Purchase orders', PurchaseOrderCreate, PurchaseOrder),
});
