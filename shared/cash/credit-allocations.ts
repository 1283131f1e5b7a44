import { changedAction, recordRef } from '../platform/trail/actions.ts';
import type { AuditAction } from '../platform/trail/entry.ts';
import { collection, pageOfPrefix } from '../platform/db/collection.ts';
import { event, post } from '../ledger/posting.ts';
import { NotFound, RuleViolation, StateConflict, type FieldProblem } from '../platform/core/errors.ts';
import type { PageRequest } from '../platform/core/paging.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { toMajor } from '../platform/core/money.ts';
import { checkAllocations, figuresOf } from './allocations.ts';
import { crossesIntoClosed } from './settlement.ts';
import { addDocumentReplace, asDocumentOf, baseSettledWithout, documentRate, documentStore, isDocumentOf, settledAmount, settledInHome, toDocumentResource, type DocumentRecord } from '../ledger/documents/records.ts';
import type { Rate } from '../ledger/exchange.ts';
import { settlementRelief } from '../ledger/home-amounts.ts';
import { systemAccountId } from '../ledger/ledger-rules.ts';
import { reversalOfStored, type JournalEntryDraft } from '../ledger/journal.ts';
import { shownVoidDate, voidDateOf, type VoidInput } from '../ledger/void-date.ts';

export interface CreditAllocationRecord {
  readonly id: Id;
  readonly credit_note_id: Id;
  readonly document_id: Id;
  /** Minor units of the credit note's currency. */
  readonly amount: number;
  readonly currency: string;
  /** The day the credit was applied (absent on allocations made before they had one: their creation day). */
  readonly date?: string;
  /**
   * Home minor units relieved of the credit note (at its rate) and of the invoice (at its own); absent before the
   * home currency. When they differ, `journal_entry_id` books the difference as a realized gain or loss.
   */
  readonly base_amount?: number;
  readonly invoice_base_amount?: number;
  readonly journal_entry_id?: Id | null;
  readonly voided_at: string | null;
  /** The day the void's reversal is booked (absent on records voided before voids kept their period). */
  readonly void_date?: string;
  readonly created_at: string;
}

const allocationStore = collection<CreditAllocationRecord>({
  kind: 'CREDIT_ALLOCATION',
  order: (allocation) => `NOTE#${allocation.credit_note_id}#${allocation.created_at}#${allocation.id}`,
});

export const allocationDate = (allocation: CreditAllocationRecord) => allocation.date ?? allocation.created_at.slice(0, 10);

/** Every credit allocation of a business, voided ones included (for the rebuild). */
export function allCreditAllocations(businessId: Id): Promise<CreditAllocationRecord[]> {
  return allocationStore.all(businessId);
}

export function toAllocationResource(allocation: CreditAllocationRecord) {
  const { base_amount: _note, invoice_base_amount: _invoice, ...shown } = allocation;
  return { ...shown, void_date: shownVoidDate(allocation), date: allocationDate(allocation), amount: toMajor(allocation.amount, allocation.currency), journal_entry_id: allocation.journal_entry_id ?? null };
}

/**
 * A page of a credit note's allocations, oldest first, voided ones included (`GET /credit-notes/{id}/allocations`):
 * 404 for a note the business does not have.
 */
export async function allocationsPageOfNote(businessId: Id, creditNoteId: Id, request: PageRequest) {
  const [note, page] = await Promise.all([documentStore.get(businessId, creditNoteId), pageOfPrefix<CreditAllocationRecord>(businessId, 'CREDIT_ALLOCATION', `NOTE#${creditNoteId}#`, request)]);
  if (!note || note.record.type !== 'credit_note') throw new NotFound('credit note');
  return { ...page, items: page.items.map(toAllocationResource) };
}

/** A credit note's allocations, oldest first: at most `limit` (one Query), voided ones included. */
export async function allocationsOfNote(businessId: Id, creditNoteId: Id, limit: number) {
  return (await allocationStore.startingWith(businessId, `NOTE#${creditNoteId}#`, limit)).map(toAllocationResource);
}

/**
 * The entry of an allocation between two documents booked at different rates: the note's credit and the
 * invoice's receivable, each relieved at its own document's value in the home currency, net nothing in the
 * documents' currency; the posting path books the difference as a realized gain or loss. None when they agree.
 */
function allocationEntry(businessId: Id, allocation: CreditAllocationRecord, note: DocumentRecord, rate: Rate): JournalEntryDraft[] {
  if (!allocation.journal_entry_id) return [];
  const receivable = systemAccountId(businessId, 'accounts_receivable');
  return [{
    id: allocation.journal_entry_id,
    document_id: allocation.id,
    document_type: 'credit_allocation',
    document_no: note.no,
    date: allocationDate(allocation),
    currency: allocation.currency,
    exchange_rate: rate,
    lines: [
      { account_id: receivable, debit: allocation.amount, credit: 0, base_debit: allocation.base_amount ?? 0, base_credit: 0 },
      { account_id: receivable, debit: 0, credit: allocation.amount, base_debit: 0, base_credit: allocation.invoice_base_amount ?? 0 },
    ],
    reverses: null,
  }];
}


/**
 * Applies a credit note's credit to the same customer's invoices, in the order given, through the one posting path
 * (dated `date`, default today, which the lock date guards). One transaction moves the note's allocated amount,
 * each invoice's credited amount and state (each conditioned on the version read) and writes `invoice.paid` for
 * each invoice that crosses into Settled here. The credit note posted the ledger when it was issued; an allocation
 * only matches receivables, so it writes a journal entry only when the two documents' rates value it differently
 * in the home currency (the realized gain or loss).
 */
export async function allocateCredit(businessId: Id, creditNoteId: Id, input: { readonly date?: string | undefined; readonly allocations: readonly { document_id: Id; amount: number }[] }) {
  const requested = input.allocations;
  const posted = await post({
    businessId,
    reads: [documentStore.keyOf(businessId, creditNoteId), ...requested.map(({ document_id }) => documentStore.keyOf(businessId, document_id))],
    decide: ({ read, home, now }) => {
      const note = documentStore.fromItem(read(documentStore.keyOf(businessId, creditNoteId)));
      if (!note || !isDocumentOf(note.record, 'credit_note')) throw new NotFound('credit note');
      const credit = note.record;
      if (credit.voided_at) throw new StateConflict('This credit note is voided.');
      const stored = (id: Id) => documentStore.fromItem(read(documentStore.keyOf(businessId, id)));
      const checked = checkAllocations(requested, (id) => stored(id)?.record, {
        targetType: 'invoice',
        targetLabel: 'an invoice',
        partyId: credit.party_id,
        otherPartyMessage: "is another customer's invoice",
        currency: credit.currency,
        currencyMessage: (documentCurrency, expected) => `is in ${documentCurrency}, the credit note in ${expected}`,
        amountCurrency: () => credit.currency,
      });
      const problems: FieldProblem[] = checked.problems;
      const targets = checked.targets.map((target) => ({ stored: stored(target.document.id)!, amount: target.amount }));
      const total = targets.reduce((sum, target) => sum + target.amount, 0);
      if (problems.length === 0 && total > credit.total - credit.amount_allocated) {
        problems.push({ field: 'allocations', message: `exceed the credit note's remaining credit of ${toMajor(credit.total - credit.amount_allocated, credit.currency)}` });
      }
      const date = input.date ?? now.slice(0, 10);
      // Credit is applied on or after both documents exist (api.md, "True as of any date").
      const latest = [credit, ...targets.map((target) => target.stored.record)].reduce((last, document) => (document.date > last.date ? document : last));
      if (date < latest.date) problems.push({ field: 'date', message: `must be on or after ${latest.date}, the date of ${latest.no}` });
      if (problems.length > 0) throw new RuleViolation(problems);

      const updatedNote = { ...credit, amount_allocated: credit.amount_allocated + total, updated_at: now };
      // The note's credit is relieved at its rate, cumulatively over the allocations in order; each invoice at its own.
      let noteAllocated = credit.amount_allocated;
      let noteBase = settledInHome(credit, home.currency).baseSettled;
      const settled = targets.map(({ stored, amount }) => {
        noteAllocated += amount;
        const noteRelief = settlementRelief({ ...settledInHome(credit, home.currency), baseSettled: noteBase }, noteAllocated, home.currency);
        noteBase += noteRelief;
        const invoiceIn = settledInHome(stored.record, home.currency);
        const invoiceRelief = settlementRelief(invoiceIn, settledAmount(stored.record) + amount, home.currency);
        return {
          stored,
          // checkAllocations let only invoices through.
          updated: asDocumentOf('invoice', { ...stored.record, amount_credited: stored.record.amount_credited + amount, base_settled: invoiceIn.baseSettled + invoiceRelief, updated_at: now }),
          allocation: { id: newId(), credit_note_id: credit.id, document_id: stored.record.id, amount, currency: credit.currency, date, base_amount: noteRelief, invoice_base_amount: invoiceRelief, journal_entry_id: noteRelief === invoiceRelief ? null : newId(), voided_at: null, created_at: now } satisfies CreditAllocationRecord,
        };
      });
      const noteAfter = { ...updatedNote, base_settled: noteBase };
      return {
        guards: [{ field: 'date', date }],
        records: (tx) => {
          const on = { on: date, source: credit.id, homeCurrency: home.currency };
          addDocumentReplace(tx, businessId, note, noteAfter, on);
          for (const { stored, updated, allocation } of settled) {
            addDocumentReplace(tx, businessId, stored, updated, on);
            allocationStore.addCreate(tx, businessId, allocation);
          }
        },
        entries: settled.flatMap(({ allocation }) => allocationEntry(businessId, allocation, credit, documentRate(credit))),
        events: settled.filter(({ stored, updated }) => crossesIntoClosed(figuresOf(stored.record), figuresOf(updated))).map(({ updated }) => event('invoice.paid', toDocumentResource(updated))),
        audit: withAllocations(changedAction('applied', 'credit_note', toDocumentResource(note.record), toDocumentResource(noteAfter), settled.map(({ updated }) => recordRef('invoice', updated))), settled.map(({ allocation }) => toAllocationResource(allocation))),
        result: { credit_note: toDocumentResource(noteAfter), allocations: settled.map(({ allocation }) => toAllocationResource(allocation)) },
      };
    },
  });
  return posted.result;
}

/** A credit application's entry: the note's figures that moved, and first the allocations it made. */
function withAllocations(applied: AuditAction, allocations: readonly unknown[]): AuditAction {
  return { ...applied, changes: [{ field: 'allocations', from: null, to: allocations }, ...applied.changes] };
}

/** Undoes one allocation: the credit returns to the note and the invoice reopens by the same amount. */
export async function voidCreditAllocation(businessId: Id, allocationId: Id, input?: VoidInput) {
  const posted = await post({
    businessId,
    reads: [allocationStore.keyOf(businessId, allocationId)],
    decide: async ({ read, home, now }) => {
      const stored = allocationStore.fromItem(read(allocationStore.keyOf(businessId, allocationId)));
      if (!stored) throw new NotFound('credit allocation');
      const allocation = stored.record;
      if (allocation.voided_at) throw new StateConflict('This credit allocation is already voided.');
      const [note, invoice] = await Promise.all([documentStore.get(businessId, allocation.credit_note_id), documentStore.get(businessId, allocation.document_id)]);
      if (!note || !invoice) throw new Error(`Allocation ${allocation.id} names a missing document`);
      const voidDate = voidDateOf(allocationDate(allocation), input);
      const voided: CreditAllocationRecord = { ...allocation, voided_at: now, void_date: voidDate };
      const reversal = allocation.journal_entry_id ? await reversalOfStored(businessId, allocation.journal_entry_id, note.record.no, voidDate, home.currency) : undefined;
      return {
        guards: [{ field: 'date', date: allocationDate(allocation) }],
        records: (tx) => {
          allocationStore.addReplace(tx, businessId, voided, stored.version);
          const on = { on: voidDate, source: note.record.id, homeCurrency: home.currency };
          addDocumentReplace(tx, businessId, note, { ...note.record, amount_allocated: note.record.amount_allocated - allocation.amount, ...baseSettledWithout(note.record, allocation.amount, allocation.base_amount, home.currency), updated_at: now }, on);
          addDocumentReplace(tx, businessId, invoice, { ...invoice.record, amount_credited: invoice.record.amount_credited - allocation.amount, ...baseSettledWithout(invoice.record, allocation.amount, allocation.invoice_base_amount, home.currency), updated_at: now }, on);
        },
        entries: reversal ? [reversal] : [],
        events: [],
        audit: changedAction('voided', 'credit_allocation', toAllocationResource(allocation), toAllocationResource(voided), [recordRef('credit_note', note.record), recordRef('invoice', invoice.record)]),
        result: toAllocationResource(voided),
      };
    },
  });
  return posted.result;
}
