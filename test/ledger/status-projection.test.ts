import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../shared/ledger/documents/records.ts';
import { DOCUMENT_STATUS } from '../../shared/ledger/documents/status-projection.ts';
import type { DocumentType } from '../../shared/ledger/documents/specs.ts';
import type { Id } from '../../shared/platform/core/ids.ts';

const document = (type: DocumentType, figures: Partial<DocumentRecord> = {}): DocumentRecord => ({
  id: '00000000-0000-4000-8000-000000000001' as Id,
  type,
  no: 'X-00001',
  sequence: 1,
  party_id: '00000000-0000-4000-8000-000000000002' as Id,
  date: '2026-11-01',
  due_date: null,
  currency: 'USD',
  reference: null,
  note: null,
  lines: [],
  subtotal: 1000,
  tax_total: 0,
  total: 1000,
  amount_paid: 0,
  amount_credited: 0,
  amount_allocated: 0,
  payment_account_id: null,
  journal_entry_id: null,
  voided_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...figures,
});

const lists = (record: DocumentRecord) => DOCUMENT_STATUS.entriesOf(record).map((entry) => entry.list);

describe('the status projection’s entries', () => {
  it('keeps none for an open or part-paid invoice or bill: the open-documents index lists those', () => {
    for (const type of ['invoice', 'bill'] as const) {
      expect(lists(document(type))).toEqual([]);
      expect(lists(document(type, { amount_paid: 400 }))).toEqual([]);
    }
  });

  it('lists a closed invoice or bill under its status, and its party’s', () => {
    expect(lists(document('invoice', { amount_paid: 1000 }))).toEqual(['invoice#Paid', 'invoice@00000000-0000-4000-8000-000000000002#Paid']);
    expect(lists(document('bill', { amount_paid: 600, amount_credited: 400 }))).toEqual(['bill#Settled', 'bill@00000000-0000-4000-8000-000000000002#Settled']);
    expect(lists(document('invoice', { voided_at: '2026-11-02T00:00:00.000Z' }))).toEqual(['invoice#Voided', 'invoice@00000000-0000-4000-8000-000000000002#Voided']);
  });

  it('lists every status of the types that do not settle, Open included', () => {
    expect(lists(document('estimate'))).toEqual(['estimate#Open', 'estimate@00000000-0000-4000-8000-000000000002#Open']);
    expect(lists(document('credit_note'))).toEqual(['credit_note#Open', 'credit_note@00000000-0000-4000-8000-000000000002#Open']);
  });
});
