import { collection } from '../db/collection.ts';
import { emit } from '../events/emit.ts';
import { retryOnConflict, WriteTransaction } from '../db/transaction.ts';
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
  readonly voided_at: string | null;
  readonly created_at: string;
}

const allocationStore = collection<CreditAllocationRecord>({
  kind: 'CREDIT_ALLOCATION',
  order: (allocation) => `NOTE#${allocation.credit_note_id}#${allocation.created_at}#${allocation.id}`,
});

export function toAllocationResource(allocation: CreditAllocationRecord) {
  return { ...allocation, amount: toMajor(allocation.amount, allocation.currency) };
}


/**
 * Applies a credit note's credit to the same customer's invoices, in the order given. One transaction moves the
 * note's allocated amount, each invoice's credited amount and state (each conditioned on the version read) and
 * writes `invoice.paid` for each invoice that crosses into Settled here. The credit note posted the ledger when
 * it was issued; an allocation only matches receivables, so it writes no journal entry.
 */
export async function allocateCredit(businessId: Id, creditNoteId: Id, requested: readonly { document_id: Id; amount: number }[]) {
  return retryOnConflict(async () => {
    const note = await documentStore.get(businessId, creditNoteId);
    if (!note || !isDocumentOf(note.record, 'credit_note')) throw new NotFound('credit note');
    const credit = note.record;
    if (credit.voided_at) throw new StateConflict('This credit note is voided.');

    const stored = new Map<Id, NonNullable<Awaited<ReturnType<typeof documentStore.get>>>>();
    await Promise.all(requested.map(async ({ document_id }) => {
      const found = await documentStore.get(businessId, document_id);
      if (found) stored.set(document_id, found);
    }));
    const checked = checkAllocations(requested, (id) => stored.get(id)?.record, {
      targetType: 'invoice',
      targetLabel: 'an invoice',
      partyId: credit.party_id,
      otherPartyMessage: "is another customer's invoice",
      currency: credit.currency,
      currencyMessage: (documentCurrency, expected) => `is in ${documentCurrency}, the credit note in ${expected}`,
      amountCurrency: () => credit.currency,
    });
    const problems: FieldProblem[] = checked.problems;
    const targets = checked.targets.map((target) => ({ stored: stored.get(target.document.id)!, amount: target.amount }));
    const total = targets.reduce((sum, target) => sum + target.amount, 0);
    if (problems.length === 0 && total > credit.total - credit.amount_allocated) {
      problems.push({ field: 'allocations', message: `exceed the credit note's remaining credit of ${toMajor(credit.total - credit.amount_allocated, credit.currency)}` });
    }
    if (problems.length > 0) throw new RuleViolation(problems);

    const now = new Date().toISOString();
    const tx = new WriteTransaction();
    const updatedNote = { ...credit, amount_allocated: credit.amount_allocated + total, updated_at: now };
    addDocumentReplace(tx, businessId, note, updatedNote);
    const allocations: CreditAllocationRecord[] = [];
    for (const { stored, amount } of targets) {
      // checkAllocations let only invoices through.
      const updated = asDocumentOf('invoice', { ...stored.record, amount_credited: stored.record.amount_credited + amount, updated_at: now });
      addDocumentReplace(tx, businessId, stored, updated);
      if (crossesIntoClosed(figuresOf(stored.record), figuresOf(updated))) emit(tx, businessId, 'invoice.paid', toDocumentResource(updated));
      const allocation: CreditAllocationRecord = { id: newId(), credit_note_id: credit.id, document_id: stored.record.id, amount, currency: credit.currency, voided_at: null, created_at: now };
      allocationStore.addCreate(tx, businessId, allocation);
      allocations.push(allocation);
    }
    await tx.commit();
    return { credit_note: toDocumentResource(updatedNote), allocations: allocations.map(toAllocationResource) };
  });
}

/** Undoes one allocation: the credit returns to the note and the invoice reopens by the same amount. */
export async function voidCreditAllocation(businessId: Id, allocationId: Id) {
  return retryOnConflict(async () => {
    const stored = await allocationStore.get(businessId, allocationId);
    if (!stored) throw new NotFound('credit allocation');
    const allocation = stored.record;
    if (allocation.voided_at) throw new StateConflict('This credit allocation is already voided.');
    const [note, invoice] = await Promise.all([documentStore.get(businessId, allocation.credit_note_id), documentStore.get(businessId, allocation.document_id)]);
    if (!note || !invoice) throw new Error(`Allocation ${allocation.id} names a missing document`);
    const now = new Date().toISOString();
    const voided: CreditAllocationRecord = { ...allocation, voided_at: now };
    const tx = new WriteTransaction();
    allocationStore.addReplace(tx, businessId, voided, stored.version);
    addDocumentReplace(tx, businessId, note, { ...note.record, amount_allocated: note.record.amount_allocated - allocation.amount, updated_at: now });
    addDocumentReplace(tx, businessId, invoice, { ...invoice.record, amount_credited: invoice.record.amount_credited - allocation.amount, updated_at: now });
    await tx.commit();
    return toAllocationResource(voided);
  });
}
