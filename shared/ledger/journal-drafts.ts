/**
 * Draft manual journals (api.md, "Drafts"): saved without a number, a rate or a posting, changed with PATCH,
 * deleted, listed only with status=draft, and posted by approval through `createJournal`, exactly as a direct
 * creation (number, lock date and rate decided then). A collection of their own, so the journals' list, count and
 * number series never see them.
 */
import { collection, type Stored } from '../platform/db/collection.ts';
import { DATED_COUNTS } from '../platform/db/dated-counts.ts';
import { facetKey } from '../platform/db/keys.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { NotFound, StateConflict } from '../platform/core/errors.ts';
import type { Page, PageRequest } from '../platform/core/paging.ts';
import { changedAction, deletedAction } from '../platform/trail/actions.ts';
import { event, post, type PostingRead } from './posting.ts';
import { draftSavedAction, withoutStatus } from './draft-rules.ts';
import { createJournal, getJournal, listJournals, manualJournalStore, priceJournal, toManualJournalResource, type ManualJournalRecord } from './journals.ts';
import type { JournalCreateInput, ManualJournalResource } from './journal-schemas.ts';

export interface JournalDraftRecord {
  readonly id: Id;
  readonly date: string;
  readonly narration: string;
  readonly currency: string;
  readonly lines: ManualJournalRecord['lines'];
  readonly total: number;
  /** The create body as sent, without its status: what approval posts. */
  readonly body: JournalCreateInput;
  readonly created_at: string;
  readonly updated_at: string;
}

const byDate = facetKey<JournalDraftRecord, ['date', 'id']>('DATE', ['date', 'id']);

export const journalDraftStore = collection<JournalDraftRecord>({ kind: 'JOURNAL_DRAFT', order: byDate, dated: { index: 'lsi1', prefix: () => byDate.prefix({}), date: (draft) => draft.date, counts: DATED_COUNTS } });

/** A draft as GET returns it: a journal resource, numberless, with no rate and no entry, status draft. */
function toDraftResource(draft: JournalDraftRecord): ManualJournalResource {
  const resource = toManualJournalResource({ ...draft, no: '', sequence: 0, journal_entry_id: '' as Id, voided_at: null });
  return { ...resource, no: null, status: 'draft', exchange_rate: null, journal_entry_id: null };
}

async function priced(businessId: Id, id: Id, body: JournalCreateInput, context: PostingRead, createdAt: string): Promise<JournalDraftRecord> {
  const journal = await priceJournal(businessId, body, context.home.currency, context.taxRounding, context.now);
  return { id, date: body.date, narration: body.narration, currency: journal.currency, lines: journal.lines, total: journal.total, body: withoutStatus(body), created_at: createdAt, updated_at: context.now };
}

/** A create request: posted at once, or with `status: "draft"` saved, with its journal.draft_saved event and audit entry. */
export async function createJournalOrDraft(businessId: Id, input: JournalCreateInput, scope?: { route: string; key: string }): Promise<ManualJournalResource> {
  if (input.status !== 'draft') return createJournal(businessId, withoutStatus(input), scope);
  const posted = await post({
    businessId,
    idempotency: { scope, body: input },
    reads: [],
    decide: async (context) => {
      const draft = await priced(businessId, newId(), input, context, context.now);
      const resource = toDraftResource(draft);
      return { guards: [], records: (tx) => journalDraftStore.addCreate(tx, businessId, draft), entries: [], events: [event('journal.draft_saved', resource)], audit: draftSavedAction('journal', resource), result: resource };
    },
  });
  return posted.result;
}

async function storedDraft(businessId: Id, id: Id): Promise<Stored<JournalDraftRecord>> {
  const stored = await journalDraftStore.get(businessId, id);
  if (stored) return stored;
  const journal = await manualJournalStore.get(businessId, id);
  if (journal) throw new StateConflict(`This journal is posted (${journal.record.no}); only a draft can be changed, deleted or approved.`);
  throw new NotFound('draft journal');
}

export async function getJournalOrDraft(businessId: Id, id: Id): Promise<ManualJournalResource> {
  const [journal, draft] = await Promise.all([manualJournalStore.get(businessId, id), journalDraftStore.get(businessId, id)]);
  if (!journal && draft) return toDraftResource(draft.record);
  return getJournal(businessId, id);
}

export async function listJournalsOrDrafts(businessId: Id, page: PageRequest, query: { from?: string | undefined; to?: string | undefined; status?: 'draft' | undefined }): Promise<Page<ManualJournalResource>> {
  const dates = { from: query.from, to: query.to };
  if (query.status !== 'draft') return listJournals(businessId, page, dates);
  const result = await journalDraftStore.page(businessId, page, undefined, dates);
  return { ...result, items: result.items.map(toDraftResource) };
}

/** Changes a draft: the fields sent replace its own (lines whole), checked and priced again; a change in between is 409. */
export function updateJournalDraft(businessId: Id, id: Id, patch: Partial<JournalCreateInput>): Promise<ManualJournalResource> {
  return changeJournalDraft(businessId, id, (given) => ({ ...given, ...patch }));
}

/** A draft's body replaced whole (the dashboard's editor posts every field it shows): a field left out is cleared. */
export function replaceJournalDraft(businessId: Id, id: Id, body: JournalCreateInput): Promise<ManualJournalResource> {
  return changeJournalDraft(businessId, id, () => body);
}

/** A draft journal's body as last given, to be changed; a conflict once it is posted. */
export async function journalDraftToChange(businessId: Id, id: Id): Promise<JournalCreateInput> {
  return (await storedDraft(businessId, id)).record.body;
}

async function changeJournalDraft(businessId: Id, id: Id, changed: (given: JournalCreateInput) => JournalCreateInput): Promise<ManualJournalResource> {
  const stored = await storedDraft(businessId, id);
  const posted = await post({
    businessId,
    reads: [],
    decide: async (context) => {
      const draft = await priced(businessId, id, changed(stored.record.body), context, stored.record.created_at);
      const [before, after] = [toDraftResource(stored.record), toDraftResource(draft)];
      return { guards: [], records: (tx) => journalDraftStore.addReplace(tx, businessId, draft, stored.version, stored.record), entries: [], events: [event('journal.draft_saved', after)], audit: changedAction('updated', 'journal', before, after), result: after };
    },
  });
  return posted.result;
}

export async function deleteJournalDraft(businessId: Id, id: Id): Promise<ManualJournalResource> {
  const stored = await storedDraft(businessId, id);
  const resource = toDraftResource(stored.record);
  const posted = await post({ businessId, reads: [], decide: () => ({ guards: [], records: (tx) => journalDraftStore.addRemove(tx, businessId, stored.record, stored.version), entries: [], events: [], audit: deletedAction('journal', resource), result: resource }) });
  return posted.result;
}

/** Approves a draft: posted by `createJournal` as the draft's own id, the draft removed in the same transaction under the version read. */
export async function approveJournalDraft(businessId: Id, id: Id, scope?: { route: string; key: string }): Promise<ManualJournalResource> {
  const stored = await storedDraft(businessId, id);
  const key = journalDraftStore.keyOf(businessId, id);
  const before = toDraftResource(stored.record);
  return createJournal(businessId, stored.record.body, scope, {
    id,
    reads: [key],
    decide: (read) => {
      if (journalDraftStore.fromItem(read(key))?.version !== stored.version) throw new StateConflict('This draft journal was changed, approved or deleted meanwhile; read it again.');
      return (tx) => journalDraftStore.addRemove(tx, businessId, stored.record, stored.version);
    },
    audit: (resource, related) => changedAction('approved', 'journal', before, resource, related),
  });
}
