/**
 * What the document editor offers to pick from, bounded however large the books: the first 200 parties and items
 * by name, or up to 20 whose names start with what was searched, plus whatever is chosen already; the accounts a
 * line may post to (the chart holds at most 1,000).
 */
import { type Choice, type LineColumn } from '../../platform/web/line-editor.tsx';
import { chartOfAccounts, homeCurrencyOf, listTrackingCategories, trackingColumns } from '../../ledger/index.ts';
import type { TrackingColumn } from '../../ledger/index.ts';
import { byNameStart } from '../../platform/db/keys.ts';
import type { Id } from '../../platform/core/ids.ts';
import { pageRequest } from '../../platform/core/paging.ts';
import { itemStore } from '../../items/index.ts';
import { parties, PARTY_CHOICES } from '../../parties/index.ts';
import type { EditorSpec } from './document-editor-rules.ts';

/** How many names a search offers. */
export const SEARCH_MATCHES = 20;


export interface EditorChoices {
  readonly parties: readonly Choice[];
  readonly items: readonly Choice[];
  readonly accounts: readonly Choice[];
  /** The chosen party's currency, else the business's home currency: what the preview counts in. */
  readonly currency: string;
  /** A column per active tracking category, its options to choose among. */
  readonly tracking: readonly LineColumn<TrackingColumn>[];
  /** Whether the parties or items offered are the matches of a search (not the first by name). */
  readonly searched: { readonly parties: boolean; readonly items: boolean };
}

const merged = (offered: readonly Choice[], chosen: readonly Choice[]) => [...offered, ...chosen.filter((record) => !offered.some((choice) => choice.id === record.id))];

export async function editorChoices(spec: EditorSpec, businessId: Id, wanted: { readonly partyId?: Id | undefined; readonly partySearch?: string; readonly itemSearch?: string; readonly itemIds: readonly Id[] }): Promise<EditorChoices> {
  const partyStore = parties(spec.side.party).store;
  const partySearch = wanted.partySearch?.trim() ?? '';
  const itemSearch = wanted.itemSearch?.trim() ?? '';
  const [offeredParties, chosenParty, offeredItems, chosenItems, chart, home, categories] = await Promise.all([
    partySearch ? partyStore.startingWith(businessId, byNameStart('NAME', partySearch), SEARCH_MATCHES) : partyStore.page(businessId, pageRequest(1, PARTY_CHOICES, undefined)).then((page) => page.items),
    wanted.partyId ? partyStore.getMany(businessId, [wanted.partyId]) : Promise.resolve([]),
    itemSearch ? itemStore.startingWith(businessId, byNameStart('NAME', itemSearch), SEARCH_MATCHES) : itemStore.page(businessId, pageRequest(1, PARTY_CHOICES, undefined)).then((page) => page.items),
    itemStore.getMany(businessId, [...new Set(wanted.itemIds)]),
    chartOfAccounts(businessId),
    homeCurrencyOf(businessId),
    listTrackingCategories(businessId),
  ]);
  const choice = (record: { readonly id: string; readonly name: string }): Choice => ({ id: record.id, name: record.name });
  return {
    parties: merged(offeredParties.map(choice), chosenParty.map(choice)),
    items: merged(offeredItems.filter((item) => item.status !== 'inactive').map(choice), chosenItems.map(choice)),
    accounts: chart.filter((account) => spec.accountTypes.includes(account.type) && !account.archived && !account.system_role && !account.cash_flow).map((account) => ({ id: account.id, name: `${account.code ?? ''} ${account.name}`.trim() })),
    currency: chosenParty[0]?.currency ?? home,
    tracking: trackingColumns(categories.items),
    searched: { parties: partySearch !== '', items: itemSearch !== '' },
  };
}
