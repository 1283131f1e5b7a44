import { describe, expect, it } from 'vitest';
import { HISTORY_COLLECTIONS } from '../../shared/audit/schemas.ts';

describe("the collections a record's history is read by", () => {
  it('holds every document type by its own path, beside the other records, each with the type its entries carry', () => {
    expect(Object.keys(HISTORY_COLLECTIONS).sort()).toEqual(
      ['accounts', 'api-keys', 'bills', 'cash-sales', 'credit-allocations', 'credit-notes', 'customers', 'debit-notes', 'estimates', 'expenses', 'invoices', 'items', 'journals', 'payments', 'payout-rails', 'prepayment-allocations', 'prepayments', 'purchase-orders', 'receipts', 'recurring-invoices', 'refunds', 'sales-orders', 'tax-rates', 'vendor-credit-allocations', 'vendor-credits', 'vendor-prepayment-allocations', 'vendor-prepayments', 'vendor-refunds', 'vendors'],
    );
    expect(HISTORY_COLLECTIONS['cash-sales']).toBe('cash_sale');
    expect(HISTORY_COLLECTIONS['vendor-prepayments']).toBe('vendor_prepayment');
    expect(HISTORY_COLLECTIONS['purchase-orders']).toBe('purchase_order');
    expect(HISTORY_COLLECTIONS['vendor-credit-allocations']).toBe('vendor_credit_allocation');
  });
});
