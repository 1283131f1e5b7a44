import { ACCOUNT_EDIT_FIELDS, ACCOUNT_FIELDS } from '../../shared/ledger/pages/record-fields.ts';
import { ITEM_FIELDS } from '../../shared/items/pages/item-fields.ts';
import { PARTY_FIELDS } from '../../shared/parties/pages/record-specs.ts';
import type { Side } from '../../shared/sales/pages/sides.ts';
import { createItem, getItemResource, updateItem } from '../../shared/items/items.ts';
import { ItemCreate, ItemPatch } from '../../shared/items/schemas.ts';
import { createAccount, getAccount, updateAccount } from '../../shared/ledger/chart.ts';
import { AccountCreate, AccountPatch } from '../../shared/ledger/schemas.ts';
import { parties } from '../../shared/parties/parties.ts';
import { PartyCreate, PartyPatch } from '../../shared/parties/schemas.ts';
import type { RecordPages } from './record-pages.ts';

/** Customers' and vendors' forms: the same fields, each side's own use cases (the API's). */
export const partyRecordPages = (side: Side): RecordPages<typeof PartyCreate, typeof PartyPatch> => ({
  noun: side.partyLabel.toLowerCase(),
  base: side.partyBase,
  fields: { create: PARTY_FIELDS, edit: PARTY_FIELDS },
  schemas: { create: PartyCreate, edit: PartyPatch },
  load: (businessId, id) => parties(side.party).get(businessId, id),
  create: (businessId, body) => parties(side.party).create(businessId, body),
  update: (businessId, id, body) => parties(side.party).update(businessId, id, body),
});

export const itemRecordPages: RecordPages<typeof ItemCreate, typeof ItemPatch> = {
  noun: 'item',
  base: '/dashboard/items',
  fields: { create: ITEM_FIELDS, edit: ITEM_FIELDS },
  schemas: { create: ItemCreate, edit: ItemPatch },
  load: getItemResource,
  create: createItem,
  update: updateItem,
};

export const accountRecordPages: RecordPages<typeof AccountCreate, typeof AccountPatch> = {
  noun: 'account',
  base: '/dashboard/accounts',
  fields: { create: ACCOUNT_FIELDS, edit: ACCOUNT_EDIT_FIELDS },
  schemas: { create: AccountCreate, edit: AccountPatch },
  load: getAccount,
  create: createAccount,
  update: updateAccount,
};
