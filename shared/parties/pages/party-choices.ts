/** The parties a filter or a form offers to choose among. */
import type { Id } from '../../platform/core/ids.ts';
import { pageRequest } from '../../platform/core/paging.ts';
import { parties, type PartyKind } from '../parties.ts';

/** The most parties a filter or a form offers to pick from; a party beyond it is reached from its own list. */
export const PARTY_CHOICES = 200;

export interface PartyChoice {
  readonly id: Id;
  readonly name: string;
}

/** Names of the given parties (one BatchGetItem) and the first PARTY_CHOICES to choose among, by name. */
export async function partyChoices(side: { readonly party: PartyKind }, businessId: Id, named: readonly Id[] = []) {
  const store = parties(side.party).store;
  const [choices, records] = await Promise.all([store.page(businessId, pageRequest(1, PARTY_CHOICES, undefined)), store.getMany(businessId, [...new Set(named)])]);
  const names = new Map<string, string>([...choices.items, ...records].map((party) => [party.id, party.name]));
  const offered: PartyChoice[] = choices.items.map((party) => ({ id: party.id, name: party.name }));
  for (const record of records) if (!offered.some((party) => party.id === record.id)) offered.push({ id: record.id, name: record.name });
  return { names, offered };
}
