import { changedAction, recordRef } from '../platform/trail/actions.ts';
import type { AuditAction } from '../platform/trail/entry.ts';
import { collection, pageOfPrefix } from '../platform/db/collection.ts';
import { addDocumentReplace, asDocumentOf, baseSettledWithout, crossesIntoClosed, DOCUMENT_SPECS, documentRate, documentStore, event, figuresOf, post, reversal, reversalOfStored, settledAmount, settledInHome, settlementRelief, shownVoidDate, systemAccountId, toDocumentResource, voidDateOf } from '../ledger/index.ts';
import type { CreditAllocationResult as CreditNoteAllocationResult, CreditType, DocumentRecord, DocumentType, JournalEntryDraft, PrepaymentAllocationResult, Rate, SystemAccount, VendorCreditAllocationResult, VendorPrepaymentAllocationResult, VoidInput } from '../ledger/index.ts';
import { NotFound, RuleViolation, StateConflict, type FieldProblem } from '../platform/core/errors.ts';
import type { PageRequest } from '../platform/core/paging.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { toMajor } from '../platform/core/money.ts';
import { checkAllocations } from './allocations.ts';
import type { EventName } from '../../events/catalogue.ts';
import type * as v from 'valibot';

export interface CreditAllocationRecord {
  readonly id: Id;
  /** The credit document's id (a credit note's or, with `credit_type`, another credit document's): the name predates the others. */
  readonly credit_note_id: Id;
  /** Absent on a credit note's allocation (all there were before vendor credits). */
  readonly credit_type?: Exclude<CreditType, 'credit_note'>;
  readonly document_id: Id;
  /** Minor units of the credit note's currency. */
  readonly amount: number;
  readonly currency: string;
  /** The day the credit was applied (absent on allocations made before they had one: their creation day). */
  readonly date?: string;
  /**
   * Home minor units relieved of the credit document (at its rate) and of the invoice or bill (at its own); absent
   * before the home currency. When they differ, `journal_entry_id` books the difference as a realized gain or loss.
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

/**
 * What a credit document's allocations settle, on which control account, and how its allocations name it: a credit
 * note's credit goes to the customer's invoices (receivables), a vendor credit's to the vendor's bills (payables).
 */
const CREDIT_SIDES = {
  credit_note: { target: 'invoice', targetLabel: 'an invoice', otherParty: "is another customer's invoice", account: 'accounts_receivable', paid: 'invoice.paid', named: 'credit_note_id', allocation: 'credit_allocation', allocationLabel: 'credit allocation' },
  vendor_credit: { target: 'bill', targetLabel: 'a bill', otherParty: "is another vendor's bill", account: 'accounts_payable', paid: 'bill.paid', named: 'vendor_credit_id', allocation: 'vendor_credit_allocation', allocationLabel: 'vendor credit allocation' },
  prepayment: { target: 'invoice', targetLabel: 'an invoice', otherParty: "is another customer's invoice", account: 'accounts_receivable', paid: 'invoice.paid', named: 'prepayment_id', allocation: 'prepayment_allocation', allocationLabel: 'prepayment allocation' },
  vendor_prepayment: { target: 'bill', targetLabel: 'a bill', otherParty: "is another vendor's bill", account: 'accounts_payable', paid: 'bill.paid', named: 'vendor_prepayment_id', allocation: 'vendor_prepayment_allocation', allocationLabel: 'vendor prepayment allocation' },
} as const satisfies Record<CreditType, { target: DocumentType; targetLabel: string; otherParty: string; account: SystemAccount; paid: EventName; named: string; allocation: string; allocationLabel: string }>;

interface AllocationResults {
  credit_note: typeof CreditNoteAllocationResult;
  vendor_credit: typeof VendorCreditAllocationResult;
  prepayment: typeof PrepaymentAllocationResult;
  vendor_prepayment: typeof VendorPrepaymentAllocationResult;
}

type CreditAllocationResult<T extends CreditType> = v.InferInput<AllocationResults[T]>;

type AllocationShown = Omit<CreditAllocationRecord, 'credit_note_id' | 'credit_type' | 'base_amount' | 'invoice_base_amount' | 'date' | 'journal_entry_id' | 'void_date'> & { readonly date: string; readonly journal_entry_id: Id | null; readonly void_date: string | null };
/** The resource of `GET /credit-notes/{id}/allocations` (`CreditAllocation`) or of the vendor credits' (`VendorCreditAllocation`). */
export type CreditAllocationResource<T extends CreditType> = AllocationShown & { readonly [K in (typeof CREDIT_SIDES)[T]['named']]: Id };

export const creditTypeOf = (allocation: CreditAllocationRecord): CreditType => allocation.credit_type ?? 'credit_note';

/** An allocation as its credit document's routes show it, naming that document by its own kind. */
export function toAllocationResource<T extends CreditType>(type: T, allocation: CreditAllocationRecord): CreditAllocationResource<T> {
  const { id, base_amount: _note, invoice_base_amount: _invoice, credit_note_id: creditId, credit_type: _type, ...shown } = allocation;
  return { id, [CREDIT_SIDES[type].named]: creditId, ...shown, void_date: shownVoidDate(allocation), date: allocationDate(allocation), amount: toMajor(allocation.amount, allocation.currency), journal_entry_id: allocation.journal_entry_id ?? null } as unknown as CreditAllocationResource<T>;
}

/**
 * A page of a credit document's allocations, oldest first, voided ones included (`GET /credit-notes/{id}/allocations`,
 * `GET /vendor-credits/{id}/allocations`): 404 for one the business does not have.
 */
export async function allocationsPageOfCredit<T extends CreditType>(type: T, businessId: Id, creditId: Id, request: PageRequest) {
  const [credit, page] = await Promise.all([documentStore.get(businessId, creditId), pageOfPrefix<CreditAllocationRecord>(businessId, 'CREDIT_ALLOCATION', `NOTE#${creditId}#`, request)]);
  if (!credit || credit.record.type !== type) throw new NotFound(DOCUMENT_SPECS[type].label);
  return { ...page, items: page.items.map((allocation) => toAllocationResource(type, allocation)) };
}

/** A credit document's allocations, oldest first: at most `limit` (one Query), voided ones included. */
export async function allocationsOfCredit<T extends CreditType>(type: T, businessId: Id, creditId: Id, limit: number) {
  return (await allocationStore.startingWith(businessId, `NOTE#${creditId}#`, limit)).map((allocation) => toAllocationResource(type, allocation));
}

/**
 * The entry of an allocation between two documents booked at different rates: the credit and the invoice's
 * receivable (or the bill's payable), each relieved at its own document's value in the home currency, net nothing
 * in the documents' currency; the posting path books the difference as a realized gain or loss. None when they agree.
 */
function allocationEntry(businessId: Id, allocation: CreditAllocationRecord, note: DocumentRecord, rate: Rate): JournalEntryDraft[] {
  if (!allocation.journal_entry_id) return [];
  const control = systemAccountId(businessId, CREDIT_SIDES[creditTypeOf(allocation)].account);
  // A credit note credited receivables, so applying it debits them back at its value and credits the invoice's;
  // a vendor credit debited payables, so the sides turn.
  const relievesCredit = { account_id: control, debit: allocation.amount, credit: 0, base_debit: allocation.base_amount ?? 0, base_credit: 0 };
  const relievesTarget = { account_id: control, debit: 0, credit: allocation.amount, base_debit: 0, base_credit: allocation.invoice_base_amount ?? 0 };
  return [{
    id: allocation.journal_entry_id,
    document_id: allocation.id,
    document_type: 'credit_allocation',
    document_no: note.no,
    date: allocationDate(allocation),
    currency: allocation.currency,
    exchange_rate: rate,
    lines: CREDIT_SIDES[creditTypeOf(allocation)].account === 'accounts_receivable' ? [relievesCredit, relievesTarget] : reversal([relievesCredit, relievesTarget]),
    reverses: null,
  }];
}


/**
 * Applies a credit document's credit to the same party's invoices (a credit note's) or bills (a vendor credit's), in
 * the order given, through the one posting path (dated `date`, default today, which the lock date guards). One
 * transaction moves the credit's allocated amount, each target's credited amount and state (each conditioned on the
 * version read) and writes `invoice.paid` (`bill.paid`) for each that crosses into Settled here. The credit posted
 * the ledger when it was issued; an allocation only matches receivables (payables), so it writes a journal entry
 * only when the two documents' rates value it differently in the home currency (the realized gain or loss).
 */
export async function allocateCredit<T extends CreditType>(type: T, businessId: Id, creditId: Id, input: { readonly date?: string | undefined; readonly allocations: readonly { document_id: Id; amount: number }[] }) {
  const side = CREDIT_SIDES[type];
  const label = DOCUMENT_SPECS[type].label;
  const requested = input.allocations;
  const posted = await post({
    businessId,
    reads: [documentStore.keyOf(businessId, creditId), ...requested.map(({ document_id }) => documentStore.keyOf(businessId, document_id))],
    decide: ({ read, home, now }) => {
      const note = documentStore.fromItem(read(documentStore.keyOf(businessId, creditId)));
      if (!note || note.record.type !== type) throw new NotFound(label);
      const credit = note.record;
      if (credit.voided_at) throw new StateConflict(`This ${label} is voided.`);
      const stored = (id: Id) => documentStore.fromItem(read(documentStore.keyOf(businessId, id)));
      const checked = checkAllocations(requested, (id) => stored(id)?.record, {
        targetType: side.target,
        targetLabel: side.targetLabel,
        partyId: credit.party_id,
        otherPartyMessage: side.otherParty,
        currency: credit.currency,
        currencyMessage: (documentCurrency, expected) => `is in ${documentCurrency}, the ${label} in ${expected}`,
        amountCurrency: () => credit.currency,
      });
      const problems: FieldProblem[] = checked.problems;
      const targets = checked.targets.map((target) => ({ stored: stored(target.document.id)!, amount: target.amount }));
      const total = targets.reduce((sum, target) => sum + target.amount, 0);
      if (problems.length === 0 && total > credit.total - credit.amount_allocated) {
        problems.push({ field: 'allocations', message: `exceed the ${label}'s remaining credit of ${toMajor(credit.total - credit.amount_allocated, credit.currency)}` });
      }
      const date = input.date ?? now.slice(0, 10);
      // Credit is applied on or after both documents exist (api.md, "True as of any date").
      const latest = [credit, ...targets.map((target) => target.stored.record)].reduce((last, document) => (document.date > last.date ? document : last));
      if (date < latest.date) problems.push({ field: 'date', message: `must be on or after ${latest.date}, the date of ${latest.no}` });
      if (problems.length > 0) throw new RuleViolation(problems);

      const updatedNote = { ...credit, amount_allocated: credit.amount_allocated + total, updated_at: now };
      // The credit is relieved at its rate, cumulatively over the allocations in order; each target at its own.
      let noteAllocated = credit.amount_allocated;
      let noteBase = settledInHome(credit, home.currency).baseSettled;
      const settled = targets.map(({ stored, amount }) => {
        noteAllocated += amount;
        const noteRelief = settlementRelief({ ...settledInHome(credit, home.currency), baseSettled: noteBase }, noteAllocated, home.currency);
        noteBase += noteRelief;
        const targetIn = settledInHome(stored.record, home.currency);
        const targetRelief = settlementRelief(targetIn, settledAmount(stored.record) + amount, home.currency);
        return {
          stored,
          // checkAllocations let only the side's target type through.
          updated: asDocumentOf(side.target, { ...stored.record, amount_credited: stored.record.amount_credited + amount, base_settled: targetIn.baseSettled + targetRelief, updated_at: now }),
          allocation: { id: newId(), credit_note_id: credit.id, ...(type === 'credit_note' ? {} : { credit_type: type as Exclude<CreditType, 'credit_note'> }), document_id: stored.record.id, amount, currency: credit.currency, date, base_amount: noteRelief, invoice_base_amount: targetRelief, journal_entry_id: noteRelief === targetRelief ? null : newId(), voided_at: null, created_at: now } satisfies CreditAllocationRecord,
        };
      });
      const noteAfter = { ...updatedNote, base_settled: noteBase };
      const allocations = settled.map(({ allocation }) => toAllocationResource(type, allocation));
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
        events: settled.filter(({ stored, updated }) => crossesIntoClosed(figuresOf(stored.record), figuresOf(updated))).map(({ updated }) => event(side.paid, toDocumentResource(updated))),
        audit: withAllocations(changedAction('applied', type, toDocumentResource(note.record), toDocumentResource(noteAfter), settled.map(({ updated }) => recordRef(side.target, updated))), allocations),
        result: { [type]: toDocumentResource(noteAfter), allocations } as unknown as CreditAllocationResult<T>,
      };
    },
  });
  return posted.result;
}

/** A credit application's entry: the note's figures that moved, and first the allocations it made. */
function withAllocations(applied: AuditAction, allocations: readonly unknown[]): AuditAction {
  return { ...applied, changes: [{ field: 'allocations', from: null, to: allocations }, ...applied.changes] };
}

/**
 * Undoes one allocation: the credit returns to its document and the invoice (bill) reopens by the same amount. An
 * allocation of the other kind of credit is unknown here (each kind is voided under its own side's scope).
 */
export async function voidCreditAllocation<T extends CreditType>(type: T, businessId: Id, allocationId: Id, input?: VoidInput) {
  const posted = await post({
    businessId,
    reads: [allocationStore.keyOf(businessId, allocationId)],
    decide: async ({ read, home, now }) => {
      const stored = allocationStore.fromItem(read(allocationStore.keyOf(businessId, allocationId)));
      if (!stored || creditTypeOf(stored.record) !== type) throw new NotFound(CREDIT_SIDES[type].allocationLabel);
      const allocation = stored.record;
      if (allocation.voided_at) throw new StateConflict('This credit allocation is already voided.');
      const [note, target] = await Promise.all([documentStore.get(businessId, allocation.credit_note_id), documentStore.get(businessId, allocation.document_id)]);
      if (!note || !target) throw new Error(`Allocation ${allocation.id} names a missing document`);
      const voidDate = voidDateOf(allocationDate(allocation), input);
      const voided: CreditAllocationRecord = { ...allocation, voided_at: now, void_date: voidDate };
      const reversal = allocation.journal_entry_id ? await reversalOfStored(businessId, allocation.journal_entry_id, note.record.no, voidDate, home.currency) : undefined;
      return {
        guards: [{ field: 'date', date: allocationDate(allocation) }],
        records: (tx) => {
          allocationStore.addReplace(tx, businessId, voided, stored.version);
          const on = { on: voidDate, source: note.record.id, homeCurrency: home.currency, undoing: allocationDate(allocation) };
          addDocumentReplace(tx, businessId, note, { ...note.record, amount_allocated: note.record.amount_allocated - allocation.amount, ...baseSettledWithout(note.record, allocation.amount, allocation.base_amount, home.currency), updated_at: now }, on);
          addDocumentReplace(tx, businessId, target, { ...target.record, amount_credited: target.record.amount_credited - allocation.amount, ...baseSettledWithout(target.record, allocation.amount, allocation.invoice_base_amount, home.currency), updated_at: now }, on);
        },
        entries: reversal ? [reversal] : [],
        events: [],
        audit: changedAction('voided', CREDIT_SIDES[type].allocation, toAllocationResource(type, allocation), toAllocationResource(type, voided), [recordRef(type, note.record), recordRef(CREDIT_SIDES[type].target, target.record)]),
        result: toAllocationResource(type, voided),
      };
    },
  });
  return posted.result;
}
