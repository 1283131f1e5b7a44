import { describe, expect, it } from 'vitest';
import { EVENT_CATALOGUE } from '../../events/catalogue.ts';
import { mayRead, readScopeOf } from '../../shared/webhooks/event-scopes.ts';
import { DOCUMENT_TYPES } from '../../shared/ledger/documents/specs.ts';
import { isScope, scopesOfRole } from '../../shared/platform/http/scopes.ts';

describe('which scope reads an event', () => {
  it('names a scope of the service for every event of the catalogue but ping', () => {
    for (const { name } of EVENT_CATALOGUE) {
      if (name === 'ping') continue;
      // A document event names its type, an attachment event its record.
      const scope = readScopeOf(name, { type: 'estimate', record: { type: 'bank_line' } });
      expect(scope !== null && scope !== 'none' && isScope(scope), name).toBe(true);
    }
  });

  it("gives a document type's own events to whoever may read that type, from its row of the types' table", () => {
    const expected = {
      'invoice.created': 'sales_invoices:read',
      'bill.voided': 'purchases_bills:read',
      'sales_receipt.created': 'sales_documents:read',
      'credit_note.created': 'sales_documents:read',
      'debit_note.draft_saved': 'sales_documents:read',
      'estimate.created': 'sales_documents:read',
      'sales_order.created': 'sales_documents:read',
      'purchase_order.created': 'purchases_documents:read',
      'expense.created': 'purchases_documents:read',
      'vendor_credit.voided': 'purchases_bills:read',
      'prepayment.created': 'sales_receipts:read',
      'vendor_prepayment.voided': 'purchases_payments:read',
    };
    expect(Object.fromEntries(Object.keys(expected).map((name) => [name, readScopeOf(name, {})]))).toEqual(expected);
  });

  it("gives an attachment's event to whoever may read its record", () => {
    expect(readScopeOf('attachment.added', { record: { type: 'bill' } })).toBe('purchases_bills:read');
    expect(readScopeOf('attachment.added', { record: { type: 'cash_sale' } })).toBe('sales_documents:read');
    expect(readScopeOf('attachment.deleted', { record: { type: 'bank_line' } })).toBe('finance_banking:read');
    expect(readScopeOf('attachment.deleted', { record: { type: 'customer' } })).toBe('sales_customers:read');
    expect(readScopeOf('attachment.added', { record: { type: 'secret' } })).toBe('none');
    expect(readScopeOf('attachment.added', null)).toBe('none');
  });

  it("keeps member events from a viewer and an accountant, and gives them an owner's", () => {
    for (const type of ['member.added', 'member.removed']) {
      expect(mayRead(new Set(scopesOfRole('viewer')), type, {})).toBe(false);
      expect(mayRead(new Set(scopesOfRole('accountant')), type, {})).toBe(false);
      expect(mayRead(new Set(scopesOfRole('owner')), type, {})).toBe(true);
    }
  });

  it("reads a document event by its document's type, and refuses an event of no known resource", () => {
    for (const type of DOCUMENT_TYPES) expect(readScopeOf('document.voided', { type })).toMatch(/^(sales|purchases)_\w+:read$/);
    expect(readScopeOf('document.voided', { type: 'purchase_order' })).toBe('purchases_documents:read');
    expect(mayRead(new Set(scopesOfRole('owner')), 'document.voided', { type: 'nonsense' })).toBe(false);
    expect(mayRead(new Set(scopesOfRole('owner')), 'unheard.of', {})).toBe(false);
    expect(mayRead(new Set(), 'ping', {})).toBe(true);
  });
});
