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

/**
 * Names of the given parties and the first PARTY_CHOICES to choose among, by name. Given while they are still being
 * read (a list's parties, known once its page is), the choices are read meanwhile and only the parties not among
 * them are read after, in one BatchGetItem: none at all for a business of up to PARTY_CHOICES parties.
 */
export async function partyChoices(side: { readonly party: PartyKind }, businessId: Id, named: readonly Id[] | Promise<readonly Id[]> = []) {
  const store = parties(side.party).store;
  const page = store.page(businessId, pageRequest(1, PARTY_CHOICES, undefined));
  const [choices, records] = Array.isArray(named)
    ? await Promise.all([page, store.getMany(businessId, [...new Set(named)])])
    : await Promise.all([page, named]).then(async ([choices, ids]) => {
        const offeredIds = new Set(choices.items.map((party) => party.id as string));
        return [choices, await store.getMany(businessId, [...new Set(ids)].filter((id) => !offeredIds.has(id)))] as const;
      });
  const names = new Map<string, string>([...choices.items, ...records].map((party) => [party.id, party.name]));
  const offered: PartyChoice[] = choices.items.map((party) => ({ id: party.id, name: party.name }));
  for (const record of records) if (!offered.some((party) => party.id === record.id)) offered.push({ id: record.id, name: record.name });
  return { names, offered };
}
