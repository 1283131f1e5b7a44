/**
 * Where a party is found by what identifies it on an e-invoice: its VAT identifier and its electronic address. A
 * supplier's e-invoice names the vendor only by these, and a business may keep thousands of vendors, so each
 * identity is an item of its own (`BIZ#<b>#PARTY_IDENTITY`, `<kind>#<identity>#<party id>`), written with the
 * party and moved when it changes: a lookup is one Query of one item, at any size. Identities are not unique (a
 * group's branches may share a VAT number); the lookup takes the first.
 */
import type { Id } from '../platform/core/ids.ts';
import { businessPk, type Key } from '../platform/db/keys.ts';
import { queryPage } from '../platform/db/query.ts';
import { WriteTransaction } from '../platform/db/transaction.ts';
import { parties, type PartyKind } from './parties.ts';
import type { PartyRecord } from './schemas.ts';

/** What identifies a party, as e-invoices write it. */
export interface PartyIdentity {
  readonly taxNumber?: string | null;
  readonly electronicAddress?: { readonly scheme: string; readonly id: string } | null;
}

/** Identifiers compared as written, less the spaces, dots and dashes people type into them, in capitals. */
const normalized = (text: string) => text.replace(/[\s.\-]/g, '').toUpperCase();

/** The identities a party is found by: `VAT#…` and `EADDR#<scheme>:<id>`, each once. */
export function identitiesOf(party: PartyIdentity): string[] {
  const identities: string[] = [];
  if (party.taxNumber && normalized(party.taxNumber)) identities.push(`VAT#${normalized(party.taxNumber)}`);
  if (party.electronicAddress && normalized(party.electronicAddress.id)) identities.push(`EADDR#${party.electronicAddress.scheme}:${normalized(party.electronicAddress.id)}`);
  return identities;
}

const identityPk = (businessId: Id) => `${businessPk(businessId)}#PARTY_IDENTITY`;
const identityKey = (businessId: Id, kind: PartyKind, identity: string, partyId: Id): Key => ({ pk: identityPk(businessId), sk: `${kind}#${identity}#${partyId}` });
const identitiesOfRecord = (party: PartyRecord | undefined) => (party ? identitiesOf({ taxNumber: party.tax_number, electronicAddress: party.electronic_address }) : []);

/** In a party's write: its identity items as they now are (those it no longer has deleted, new ones put). */
export function addIdentityChanges(tx: WriteTransaction, businessId: Id, kind: PartyKind, before: PartyRecord | undefined, after: PartyRecord): void {
  const [was, is] = [new Set(identitiesOfRecord(before)), new Set(identitiesOfRecord(after))];
  for (const identity of was) if (!is.has(identity)) tx.delete('PARTY_IDENTITY:remove', identityKey(businessId, kind, identity, after.id));
  for (const identity of is) if (!was.has(identity)) tx.put('PARTY_IDENTITY:add', { ...identityKey(businessId, kind, identity, after.id), party_id: after.id });
}

/** The party of this kind that one of these identities names, the first found in their order; undefined when none. */
export async function findPartyByIdentity(businessId: Id, kind: PartyKind, identity: PartyIdentity): Promise<Id | undefined> {
  for (const each of identitiesOf(identity)) {
    const [item] = await queryPage({ pk: identityPk(businessId), sortKey: 'sk', prefix: `${kind}#${each}#` }, 0, 1);
    if (item) return item.party_id as Id;
  }
  return undefined;
}

/**
 * Parties kept before identity items get theirs (the ledger rebuild runs this): every customer's and vendor's items
 * put as they should be. A put of an item already there changes nothing, so a second run writes the same items.
 */
export async function backfillPartyIdentities(businessId: Id, options: { readonly write: boolean }): Promise<{ readonly parties: number; readonly identities: number }> {
  let [counted, identities] = [0, 0];
  for (const kind of ['customer', 'vendor'] as const) {
    for (const { record } of await parties(kind).store.allStored(businessId)) {
      counted++;
      const tx = new WriteTransaction();
      addIdentityChanges(tx, businessId, kind, undefined, record);
      const put = identitiesOfRecord(record).length;
      identities += put;
      if (options.write && put > 0) await tx.commit();
    }
  }
  return { parties: counted, identities };
}
