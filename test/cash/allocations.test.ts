import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAllocations, type AllocationPolicy, type SettlableDocument } from '../../shared/cash/allocations.ts';
import { NotFound } from '../../shared/platform/core/errors.ts';
import type { Id } from '../../shared/platform/core/ids.ts';
import { balanceDue } from '../../shared/ledger/documents/settlement.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` as Id;
const customer = id(900);
const invoice = (n: number, changes: Partial<SettlableDocument> = {}): SettlableDocument => ({ id: id(n), type: 'invoice', party_id: customer, currency: 'USD', voided_at: null, total: 10_000, amount_paid: 0, amount_credited: 0, ...changes });
const policy: AllocationPolicy = { targetType: 'invoice', targetLabel: 'an invoice', partyId: customer, otherPartyMessage: 'belongs to another party', currency: undefined, currencyMessage: (d, e) => `is in ${d}, not ${e}`, amountCurrency: (document) => document.currency };

describe('allocation rules', () => {
  const documents = new Map([invoice(1), invoice(2, { type: 'bill' }), invoice(3, { party_id: id(901) }), invoice(4, { voided_at: '2026-01-01' }), invoice(5, { currency: 'EUR' }), invoice(6, { amount_paid: 9_000 })].map((document) => [document.id, document]));

  it('names every problem by its field, all at once, and keeps the allocations that pass', () => {
    const checked = checkAllocations(
      [
        { document_id: id(1), amount: 10 },
        { document_id: id(1), amount: 1 },
        { document_id: id(2), amount: 1 },
        { document_id: id(3), amount: 1 },
        { document_id: id(4), amount: 1 },
        { document_id: id(5), amount: 1 },
        { document_id: id(6), amount: 10.01 },
        { document_id: id(6), amount: 0.001 },
      ],
      (key) => documents.get(key),
      policy,
    );
    expect(checked.targets).toEqual([{ document: documents.get(id(1)), amount: 1000 }]);
    expect(checked.currency).toBe('USD');
    expect(checked.problems).toEqual([
      { field: 'allocations[1].document_id', message: 'names a document already allocated in this request' },
      { field: 'allocations[2].document_id', message: 'is not an invoice' },
      { field: 'allocations[3].document_id', message: 'belongs to another party' },
      { field: 'allocations[4].document_id', message: 'is a voided invoice' },
      { field: 'allocations[5].document_id', message: 'is in EUR, not USD' },
      { field: 'allocations[6].amount', message: 'exceeds the balance due of 10' },
      { field: 'allocations[7].document_id', message: 'names a document already allocated in this request' },
    ]);
  });

  it('answers an unknown document with NotFound, whatever else is wrong', () => {
    expect(() => checkAllocations([{ document_id: id(2), amount: 1 }, { document_id: id(77), amount: 1 }], (key) => documents.get(key), policy)).toThrow(NotFound);
  });

  it('never lets an accepted allocation exceed its balance due, cross parties, currencies or types, or touch a voided document', () => {
    const document = fc.record({ n: fc.integer({ min: 1, max: 8 }), type: fc.constantFrom('invoice', 'bill'), other: fc.boolean(), voided: fc.boolean(), currency: fc.constantFrom('USD', 'EUR'), total: fc.integer({ min: 1, max: 1_000_000 }), paid: fc.nat(1_000_000) });
    fc.assert(
      fc.property(fc.array(document, { minLength: 1, maxLength: 8 }), fc.array(fc.record({ n: fc.integer({ min: 1, max: 8 }), cents: fc.integer({ min: 1, max: 2_000_000 }) }), { minLength: 1, maxLength: 8 }), (docs, requests) => {
        const store = new Map(docs.map((d) => [id(d.n), invoice(d.n, { type: d.type, party_id: d.other ? id(901) : customer, voided_at: d.voided ? '2026-01-01' : null, currency: d.currency, total: d.total, amount_paid: Math.min(d.paid, d.total) })]));
        const known = requests.filter((request) => store.has(id(request.n)));
        const checked = checkAllocations(known.map((request) => ({ document_id: id(request.n), amount: request.cents / 100 })), (key) => store.get(key), policy);
        for (const { document, amount } of checked.targets) {
          expect(amount).toBeLessThanOrEqual(balanceDue({ total: document.total, amountPaid: document.amount_paid, amountCredited: document.amount_credited }));
          expect(document).toMatchObject({ type: 'invoice', party_id: customer, voided_at: null, currency: checked.currency });
        }
        expect(checked.targets.length + checked.problems.length).toBe(known.length);
        expect(new Set(checked.targets.map((target) => target.document.id)).size).toBe(checked.targets.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('cash-flow accounts', () => {
  it('takes money only through a cash-flow account of the business, in its currency', async () => {
    const { cashAccountProblem } = await import('../../shared/ledger/cash-account-rules.ts');
    expect(cashAccountProblem(undefined, 'USD')).toEqual({ field: 'payment_account_id', message: 'must be a cash-flow (bank or cash) account of this business' });
    expect(cashAccountProblem({ cash_flow: false, currency: 'USD' }, 'USD')?.message).toContain('cash-flow');
    expect(cashAccountProblem({ cash_flow: true, currency: 'EUR' }, 'USD')).toEqual({ field: 'payment_account_id', message: 'holds EUR, not USD' });
    expect(cashAccountProblem({ cash_flow: true, currency: 'USD' }, 'USD')).toBeNull();
    expect(cashAccountProblem({ cash_flow: true, currency: 'EUR' }, undefined)).toBeNull();
  });
});
