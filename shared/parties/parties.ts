import { addAuditEntry } from '../platform/trail/write.ts';
import { createdAction } from '../platform/trail/actions.ts';
import { RANK_COUNTS } from '../platform/db/rank-counts.ts';
import { getBusiness } from '../access/index.ts';
import { collection, type PageHead } from '../platform/db/collection.ts';
import { byNamePrefix, byNameSortKey } from '../platform/db/keys.ts';
import { emit } from '../platform/outbox/emit.ts';
import { WriteTransaction } from '../platform/db/transaction.ts';
import { NotFound } from '../platform/core/errors.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import type { Page, PageRequest } from '../platform/core/paging.ts';
import { addIdentityChanges } from './identities.ts';
import type { PartyCreateInput, PartyPatchInput, PartyRecord } from './schemas.ts';

export type PartyKind = 'customer' | 'vendor';

const stores = {
  customer: collection<PartyRecord>({ kind: 'CUSTOMER', order: (party) => byNameSortKey('NAME', party.name, party.id), ranked: { prefix: byNamePrefix('NAME'), counts: RANK_COUNTS } }),
  vendor: collection<PartyRecord>({ kind: 'VENDOR', order: (party) => byNameSortKey('NAME', party.name, party.id), ranked: { prefix: byNamePrefix('NAME'), counts: RANK_COUNTS } }),
};

const createdEvent = { customer: 'customer.created', vendor: 'vendor.created' } as const;

/** A party as the API shows it: records kept before payment terms (electronic addresses, e-invoice preferences) have none of their own. */
const shownParty = (party: PartyRecord): PartyRecord => ({ ...party, electronic_address: party.electronic_address ?? null, e_invoice: party.e_invoice ?? null, payment_terms_days: party.payment_terms_days ?? null });

/** Customers and vendors share one shape and one set of rules; `kind` picks the collection and the event. */
export function parties(kind: PartyKind) {
  const store = stores[kind];
  return {
    store,

    async create(businessId: Id, input: PartyCreateInput): Promise<PartyRecord> {
      const now = new Date().toISOString();
      const party: PartyRecord = {
        id: newId(),
        name: input.name,
        email: input.email ?? null,
        phone: input.phone ?? null,
        currency: input.currency ?? (await getBusiness(businessId)).currency,
        billing_address: input.billing_address ?? null,
        tax_number: input.tax_number ?? null,
        electronic_address: input.electronic_address ?? null,
        e_invoice: input.e_invoice ?? null,
        payment_terms_days: input.payment_terms_days ?? null,
        created_at: now,
        updated_at: now,
      };
      const tx = new WriteTransaction();
      store.addCreate(tx, businessId, party);
      addIdentityChanges(tx, businessId, kind, undefined, party);
      emit(tx, businessId, createdEvent[kind], party);
      addAuditEntry(tx, businessId, createdAction(kind, party));
      await tx.commit();
      return party;
    },

    async get(businessId: Id, id: Id): Promise<PartyRecord> {
      const stored = await store.get(businessId, id);
      if (!stored) throw new NotFound(kind);
      return shownParty(stored.record);
    },

    /** The first read of a page of the list (`collection.pageHead`), to start early; `list` takes it as `head`. */
    pageHead: (businessId: Id, page: PageRequest) => store.pageHead(businessId, page),

    async list(businessId: Id, page: PageRequest, head?: PageHead): Promise<Page<PartyRecord>> {
      const listed = await store.page(businessId, page, undefined, undefined, head);
      return { ...listed, items: listed.items.map(shownParty) };
    },

    async update(businessId: Id, id: Id, patch: PartyPatchInput): Promise<PartyRecord> {
      const updated = await store.modify(businessId, id, (party) => ({ ...party, ...patch, updated_at: new Date().toISOString() }), { type: kind }, (tx, before, after) => addIdentityChanges(tx, businessId, kind, before, after));
      if (!updated) throw new NotFound(kind);
      return shownParty(updated);
    },
  };
}
