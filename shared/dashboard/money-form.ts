import { openDocuments } from '../documents/open-documents.ts';
import { toDocumentResource } from '../documents/records.ts';
import type { Id } from '../domain/ids.ts';
import { newId } from '../domain/ids.ts';
import { parties } from '../parties/parties.ts';
import { partyChoices, type SettledDocument } from './documents.ts';
import { cashAccounts } from './overview.ts';
import type { Side } from './sides.ts';

/**
 * What the receipt or payment form needs: the parties to pick from and, once one is picked, its open documents
 * with their balances (oldest due first) and the cash-flow accounts. The idempotency key is minted here, once per
 * drawing of the form, so a second submit of the same form is a replay, not a second posting.
 */
export async function moneyForm(side: Side, businessId: Id, partyId: Id | undefined, today: string) {
  const { offered } = await partyChoices(side, businessId, partyId ? [partyId] : []);
  if (!partyId) return { offered, party: null, open: [], accounts: [], idempotencyKey: newId() };
  const [party, open, accounts] = await Promise.all([parties(side.party).get(businessId, partyId), openDocuments(businessId, side.type), cashAccounts(businessId, today)]);
  const documents = open
    .filter((document) => document.party_id === partyId)
    .sort((a, b) => (a.due_date ?? a.date).localeCompare(b.due_date ?? b.date) || a.sequence - b.sequence)
    .map((document) => toDocumentResource(document) as SettledDocument);
  const currencies = new Set(documents.map((document) => document.currency));
  return { offered, party, open: documents, accounts: accounts.filter((account) => currencies.size === 0 || currencies.has(account.currency)), idempotencyKey: newId() };
}

/** A typed amount as the API's schema reads it: a number when it is one, else the text (which the schema refuses by name). */
export function amountOf(text: string): number | string {
  const trimmed = text.trim();
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The form's paired `document_id` / `amount` fields as the API's allocations: the rows left empty are not allocated. */
export function allocationsOf(documentIds: readonly string[], amounts: readonly string[]) {
  return documentIds.flatMap((documentId, index) => {
    const amount = amounts[index]?.trim() ?? '';
    return amount ? [{ document_id: documentId, amount: amountOf(amount) }] : [];
  });
}
