import { NotFound, type FieldProblem } from '../platform/core/errors.ts';
import type { Id } from '../platform/core/ids.ts';
import { toMajor, toMinor } from '../platform/core/money.ts';
import { balanceDue, figuresOf } from '../ledger/index.ts';

/** What the allocation rules need to know of a document being settled. */
export interface SettlableDocument {
  readonly id: Id;
  readonly type: string;
  readonly party_id: Id;
  readonly currency: string;
  readonly voided_at: string | null;
  readonly total: number;
  readonly amount_paid: number;
  readonly amount_credited: number;
}

/** Who may be settled, and how a refusal reads: a receipt settles its customer's invoices, credit only invoices. */
export interface AllocationPolicy {
  readonly targetType: string;
  /** "an invoice", "a bill". */
  readonly targetLabel: string;
  readonly partyId: Id;
  readonly otherPartyMessage: string;
  /** The currency every target must be in; undefined takes the first target's. */
  readonly currency: string | undefined;
  readonly currencyMessage: (documentCurrency: string, expected: string) => string;
  /** How the money's digits are checked: the money's currency for credit, each document's for receipts. */
  readonly amountCurrency: (document: SettlableDocument) => string;
}

export interface CheckedAllocations<D extends SettlableDocument> {
  readonly problems: FieldProblem[];
  readonly targets: { readonly document: D; readonly amount: number }[];
  readonly currency: string | undefined;
}

/**
 * Every rule of an allocation list (spec 4.5, api.md), decided on documents already read: an unknown document (or
 * another business's) is a 404 whatever else is wrong; otherwise each problem is named by its field, all at once.
 */
export function checkAllocations<D extends SettlableDocument>(requested: readonly { readonly document_id: Id; readonly amount: number }[], documentOf: (id: Id) => D | undefined, policy: AllocationPolicy): CheckedAllocations<D> {
  const problems: FieldProblem[] = [];
  const targets: { document: D; amount: number }[] = [];
  const seen = new Set<Id>();
  let currency = policy.currency;
  requested.forEach((allocation, index) => {
    const field = `allocations[${index}]`;
    const document = documentOf(allocation.document_id);
    if (!document) throw new NotFound('document');
    currency ??= document.currency;
    const amount = toMinor(allocation.amount, policy.amountCurrency(document));
    const due = balanceDue(figuresOf(document));
    if (seen.has(allocation.document_id)) problems.push({ field: `${field}.document_id`, message: 'names a document already allocated in this request' });
    else if (document.type !== policy.targetType) problems.push({ field: `${field}.document_id`, message: `is not ${policy.targetLabel}` });
    else if (document.party_id !== policy.partyId) problems.push({ field: `${field}.document_id`, message: policy.otherPartyMessage });
    else if (document.voided_at) problems.push({ field: `${field}.document_id`, message: `is a voided ${policy.targetType}` });
    else if (document.currency !== currency) problems.push({ field: `${field}.document_id`, message: policy.currencyMessage(document.currency, currency) });
    else if (amount === null) problems.push({ field: `${field}.amount`, message: `must have at most the minor digits of ${policy.amountCurrency(document)}` });
    else if (amount > due) problems.push({ field: `${field}.amount`, message: `exceeds the balance due of ${toMajor(due, document.currency)}` });
    else targets.push({ document, amount });
    seen.add(allocation.document_id);
  });
  return { problems, targets, currency };
}
