import { collection } from '../db/collection.ts';
import { event, post } from '../ledger/posting.ts';
import { NotFound, RuleViolation, StateConflict, type FieldProblem } from '../domain/errors.ts';
import { newId, type Id } from '../domain/ids.ts';
import { toMajor } from '../domain/money.ts';
import { checkAllocations, figuresOf } from '../domain/allocations.ts';
import { crossesIntoClosed } from '../domain/settlement.ts';
import { addDocumentReplace, asDocumentOf, documentStore, isDocumentOf, toDocumentResource } from './records.ts';

export interface CreditAllocationRecord {
  readonly id: Id;
  readonly credit_note_id: Id;
  readonly document_id: Id;
  /** Minor units of the credit note's currency. */
  readonly amount: number;
  readonly currency: string;
  /** The day the credit was applied (absent on allocations made before they had one: their creation day). */
  readonly date?: string;
  readonly voided_at: string | null;
  readonly created_at: string;
}

const allocationStore = collection<CreditAllocationRecord>({
  kind: 'CREDIT_ALLOCATION',
  order: (allocation) => `NOTE#${allocation.credit_note_id}#${allocation.created_at}#${allocation.id}`,
});

const allocationDate = (allocation: CreditAllocationRecord) => allocation.date ?? allocation.created_at.slice(0, 10);

export function toAllocationResource(allocation: CreditAllocationRecord) {
  return { ...allocation, date: allocationDate(allocation), amount: toMajor(allocation.amount, allocation.currency) };
}


/**
 * Applies a credit note's credit to the same customer's invoices, in the order given, through the one posting path
 * (dated `date`, default today, which the lock date guards). One transaction moves the note's allocated amount,
 * each invoice's credited amount and state (each conditioned on the version read) and writes `invoice.paid` for
 * each invoice that crosses into Settled here. The credit note posted the ledger when it was issued; an allocation
 * only matches receivables, so it writes no journal entry.
 */
export async function allocateCredit(businessId: Id, creditNoteId: Id, input: { readonly date?: string | undefined; readonly allocations: readonly { document_id: Id; amount: number }[] }) {
  const requested = input.allocations;
  const posted = await post({
    businessId,
    reads: [documentStore.keyOf(businessId, creditNoteId), ...requested.map(({ document_id }) => documentStore.keyOf(businessId, document_id))],
    decide: ({ read, now }) => {
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
      if (problems.length > 0) throw new RuleViolation(problems);

      const date = input.date ?? now.slice(0, 10);
      const updatedNote = { ...credit, amount_allocated: credit.amount_allocated + total, updated_at: now };
      const settled = targets.map(({ stored, amount }) => ({
        stored,
        // checkAllocations let only invoices through.
        updated: asDocumentOf('invoice', { ...stored.record, amount_credited: stored.record.amount_credited + amount, updated_at: now }),
        allocation: { id: newId(), credit_note_id: credit.id, document_id: stored.record.id, amount, currency: credit.currency, date, voided_at: null, created_at: now } satisfies CreditAllocationRecord,
      }));
      return {
        guards: [{ field: 'date', date }],
        records: (tx) => {
          addDocumentReplace(tx, businessId, note, updatedNote);
          for (const { stored, updated, allocation } of settled) {
            addDocumentReplace(tx, businessId, stored, updated);
            allocationStore.addCreate(tx, businessId, allocation);
          }
        },
        entries: [],
        events: settled.filter(({ stored, updated }) => crossesIntoClosed(figuresOf(stored.record), figuresOf(updated))).map(({ updated }) => event('invoice.paid', toDocumentResource(updated))),
        result: { credit_note: toDocumentResource(updatedNote), allocations: settled.map(({ allocation }) => toAllocationResource(allocation)) },
      };
    },
  });
  return posted.result;
}

/** Undoes one allocation: the credit returns to the note and the invoice reopens by the same amount. */
export async function voidCreditAllocation(businessId: Id, allocationId: Id) {
  const posted = await post({
    businessId,
    reads: [allocationStore.keyOf(businessId, allocationId)],
    decide: async ({ read, now }) => {
      const stored = allocationStore.fromItem(read(allocationStore.keyOf(businessId, allocationId)));
      if (!stored) throw new NotFound('credit allocation');
      const allocation = stored.record;
      if (allocation.voided_at) throw new StateConflict('This credit allocation is already voided.');
      const [note, invoice] = await Promise.all([documentStore.get(businessId, allocation.credit_note_id), documentStore.get(businessId, allocation.document_id)]);
      if (!note || !invoice) throw new Error(`Allocation ${allocation.id} names a missing document`);
      const voided: CreditAllocationRecord = { ...allocation, voided_at: now };
      return {
        guards: [{ field: 'date', date: allocationDate(allocation) }],
        records: (tx) => {
          allocationStore.addReplace(tx, businessId, voided, stored.version);
          addDocumentReplace(tx, businessId, note, { ...note.record, amount_allocated: note.record.amount_allocated - allocation.amount, updated_at: now });
          addDocumentReplace(tx, businessId, invoice, { ...invoice.record, amount_credited: invoice.record.amount_credited - allocation.amount, updated_at: now });
        },
        entries: [],
        events: [],
        result: toAllocationResource(voided),
      };
    },
  });
  return posted.result;
}
