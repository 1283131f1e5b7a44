import { plainWords } from '../../platform/core/plain-words.ts';
import type { FieldProblem } from '../../platform/core/errors.ts';
import type { Id } from '../../platform/core/ids.ts';
import { newId } from '../../platform/core/ids.ts';
import { parties, type PartyKind, partyChoices } from '../../parties/index.ts';
import type { MoneyKind } from '../records.ts';
import { cashAccounts, openDocumentsOf } from '../../ledger/index.ts';

/**
 * What the receipt or payment form needs: the parties to pick from and, once one is picked, its open documents
 * with their balances (oldest due first) and the cash-flow accounts. The idempotency key is minted here, once per
 * drawing of the form, so a second submit of the same form is a replay, not a second posting.
 */
/** What the money form needs of the side it records money for: receipts for invoices, payments for bills (the dashboard's sides fit). */
export interface MoneySide {
  readonly type: 'invoice' | 'bill';
  readonly plural: string;
  readonly party: PartyKind;
  readonly partyLabel: string;
  readonly money: { readonly kind: MoneyKind; readonly form: string };
}

export async function moneyForm(side: MoneySide, businessId: Id, partyId: Id | undefined, today: string) {
  const { offered } = await partyChoices(side, businessId, partyId ? [partyId] : []);
  if (!partyId) return { offered, party: null, open: [], accounts: [], idempotencyKey: newId() };
  const [party, documents, accounts] = await Promise.all([parties(side.party).get(businessId, partyId), openDocumentsOf(side, businessId, partyId), cashAccounts(businessId, today)]);
  const currencies = new Set(documents.map((document) => document.currency));
  return { offered, party, open: documents, accounts: accounts.filter((account) => currencies.size === 0 || currencies.has(account.currency)), idempotencyKey: newId() };
}

/** A typed amount as the API's schema reads it: a number when it is one, else the text (which the schema refuses by name). */
export function amountOf(text: string): number | string {
  const trimmed = text.trim();
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The document ids of the rows given an amount, in the form's order: allocation i of the posting is row i here. */
export function allocatedRows(documentIds: readonly string[], amounts: readonly string[]): string[] {
  return documentIds.filter((_, index) => (amounts[index]?.trim() ?? '') !== '');
}

/** The form's paired `document_id` / `amount` fields as the API's allocations: the rows left empty are not allocated. */
export function allocationsOf(documentIds: readonly string[], amounts: readonly string[]) {
  return documentIds.flatMap((documentId, index) => {
    const amount = amounts[index]?.trim() ?? '';
    return amount ? [{ document_id: documentId, amount: amountOf(amount) }] : [];
  });
}

/**
 * A refusal in the form's words: `allocations[i].amount` becomes "Amount for INV-00042" (row i of those given an
 * amount), other fields their label in `labels` or else the API's name; each message in plain words.
 */
export function describeRefusal(refusal: { readonly description: string; readonly details: readonly FieldProblem[] }, allocated: readonly string[], numbers: ReadonlyMap<string, string>, labels: Readonly<Record<string, string>> = {}): string {
  if (refusal.details.length === 0) return refusal.description;
  return refusal.details
    .map((problem) => {
      const row = /^allocations\[(\d+)\]/.exec(problem.field);
      const documentNo = row ? numbers.get(allocated[Number(row[1])] ?? '') : undefined;
      const field = documentNo ? `Amount for ${documentNo}` : problem.field === 'allocations' ? 'Amounts' : (labels[problem.field] ?? problem.field);
      return `${field}: ${plainWords(problem)}`;
    })
    .join('; ');
}
