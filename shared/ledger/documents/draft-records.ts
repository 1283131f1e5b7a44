import { DATED_COUNTS } from '../../platform/db/dated-counts.ts';
import { collection, type View } from '../../platform/db/collection.ts';
import { facetKey } from '../../platform/db/keys.ts';
import type { Id } from '../../platform/core/ids.ts';
import type { DocumentType } from './specs.ts';
import type { DocumentLineRecord, DocumentLink } from './records.ts';
import type { DocumentCreateBody } from './schemas.ts';

/**
 * A document saved as a draft (api.md, "Drafts"): the body as it was sent, to be posted as sent when approved, and
 * how it reads today (priced and totalled by the posting's own check). It has no number, no rate and no journal
 * entry, and lives in a collection of its own, so the documents' lists, counts, indexes and projections never see
 * it: unfiltered lists and their total_count stay posted documents only.
 */
export interface DraftRecord {
  readonly id: Id;
  readonly type: DocumentType;
  readonly party_id: Id;
  readonly date: string;
  readonly due_date: string | null;
  readonly currency: string;
  readonly reference: string | null;
  readonly note: string | null;
  readonly lines: readonly DocumentLineRecord[];
  readonly amounts: 'exclusive' | 'inclusive';
  readonly tax_rounding: 'rate' | 'line';
  readonly subtotal: number;
  readonly tax_total: number;
  readonly reverse_charge_tax?: number;
  readonly total: number;
  readonly payment_account_id: Id | null;
  /** The create body as sent, without its status: what approval posts. */
  readonly body: DocumentCreateBody;
  /** Of a draft made by converting an estimate or order: that document, whose link it keeps when approved. */
  readonly converted_from?: DocumentLink | null;
  readonly created_at: string;
  readonly updated_at: string;
}

const byTypeAndDate = facetKey<DraftRecord, ['type', 'date', 'id']>(null, ['type', 'date', 'id']);
const byPartyAndDate = facetKey<DraftRecord, ['type', 'party_id', 'date', 'id']>(null, ['type', 'party_id', 'date', 'id']);

/** A type's drafts by business date (lsi1), a party's on lsi2, counted per day and month like the documents. */
export const draftStore = collection<DraftRecord>({
  kind: 'DRAFT',
  order: byTypeAndDate,
  order2: byPartyAndDate,
  views: (draft) => [draftView(draft.type), partyDraftView(draft.type, draft.party_id)],
  dated: { index: 'lsi1', prefix: (view) => view.prefix, date: (draft) => draft.date, counts: DATED_COUNTS },
});

export function draftView(type: DocumentType): View {
  return { prefix: byTypeAndDate.prefix({ type }), counter: type };
}

export function partyDraftView(type: DocumentType, partyId: Id): View {
  return { prefix: byPartyAndDate.prefix({ type, party_id: partyId }), counter: `${type}#${partyId}`, index: 'lsi2', party: partyId };
}
