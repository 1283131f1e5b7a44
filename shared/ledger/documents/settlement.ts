/**
 * The settlement state of an invoice or bill, from its figures alone. It becomes Paid when money alone brought
 * its balance to zero, and Settled when any credit took part. The paid events fire on the one crossing from an
 * open state into Paid or Settled, never again while it stays there.
 */
export type SettlementStatus = 'Open' | 'PartiallyPaid' | 'Paid' | 'Settled';

export interface SettlementFigures {
  readonly total: number;
  readonly amountPaid: number;
  readonly amountCredited: number;
}

/** A stored document's settlement figures, in the names the rules use. */
export function figuresOf(document: { readonly total: number; readonly amount_paid: number; readonly amount_credited: number }): SettlementFigures {
  return { total: document.total, amountPaid: document.amount_paid, amountCredited: document.amount_credited };
}

export function balanceDue(figures: SettlementFigures): number {
  return figures.total - figures.amountPaid - figures.amountCredited;
}

export function settlementStatus(figures: SettlementFigures): SettlementStatus {
  if (balanceDue(figures) > 0) return figures.amountPaid + figures.amountCredited > 0 ? 'PartiallyPaid' : 'Open';
  return figures.amountCredited > 0 ? 'Settled' : 'Paid';
}

export function isClosed(status: SettlementStatus): boolean {
  return status === 'Paid' || status === 'Settled';
}

/** True exactly when this change moves the document from open into Paid or Settled. */
export function crossesIntoClosed(before: SettlementFigures, after: SettlementFigures): boolean {
  return !isClosed(settlementStatus(before)) && isClosed(settlementStatus(after));
}
