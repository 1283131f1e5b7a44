/**
 * Files attached to records as evidence (api.md, "Attachments and tracking categories"; docs/attachments.md). The
 * file never passes through a function: `POST /attachments` writes the attachment, pending, and answers a form
 * that uploads straight to the store, bound to the object key, the declared type and the exact size. The store's
 * object-created event brings the upload to `checkUpload`, which reads its first bytes and marks it available
 * (taking the pending tag off, so the bucket keeps it) or rejected (the file deleted). Each object's key starts
 * with its business's id, and every read finds the attachment in the business's own partition first.
 */
import { NotFound, RuleViolation, ScopeRequired, StateConflict } from '../platform/core/errors.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { collection } from '../platform/db/collection.ts';
import { counterKey } from '../platform/db/keys.ts';
import { readCounter } from '../platform/db/query.ts';
import { retryOnConflict, TransactionConflict, WriteTransaction } from '../platform/db/transaction.ts';
import { attachmentFileStore } from '../platform/files/file-store.ts';
import type { Scope } from '../platform/http/scopes.ts';
import { addEvent } from '../platform/outbox/outbox.ts';
import { changedAction, createdAction, deletedAction, recordRef } from '../platform/trail/actions.ts';
import { addAuditEntry } from '../platform/trail/write.ts';
import { ATTACHABLE, kindOfType, readScopeOf, writeScopeOf, type AttachableKind } from './attachable.ts';
import { contentMatches, MAX_ATTACHMENTS_PER_RECORD, SNIFF_BYTES, type AttachmentContentType } from './file-kinds.ts';
import type { AttachmentCreateInput } from './schemas.ts';

/** How long an upload form is good for, and a download link. */
export const UPLOAD_SECONDS = 15 * 60;
export const DOWNLOAD_SECONDS = 5 * 60;
/** Files a business may keep in all (its quota); rejected and deleted ones are not counted. */
export const MAX_ATTACHMENTS_PER_BUSINESS = 100_000;

export type AttachmentStatus = 'pending' | 'available' | 'rejected';

export interface AttachmentRecord {
  readonly id: Id;
  readonly record_type: string;
  readonly record_id: Id;
  readonly file_name: string;
  readonly content_type: AttachmentContentType;
  readonly size: number;
  readonly status: AttachmentStatus;
  readonly created_at: string;
  readonly updated_at: string;
  readonly checked_at: string | null;
}

/** Listed per record, newest last; a rejected file apart, so a record's list reads its live files only. */
const listedUnder = (type: string, id: Id, status: AttachmentStatus) => `${type}#${id}#${status === 'rejected' ? 'R' : 'L'}#`;
export const attachmentStore = collection<AttachmentRecord>({ kind: 'ATTACHMENT', order: (record) => `${listedUnder(record.record_type, record.record_id, record.status)}${record.created_at}#${record.id}` });

/** The object's key: its business first, so that no key of one business is a key of another. */
export const objectKeyOf = (businessId: Id, id: Id) => `${businessId}/attachments/${id}`;
/** Every business's attachments folder, as a policy names them (`<business>/attachments/…`). */
export const ATTACHMENTS_FOLDERS = '*/attachments';
/** The business and attachment an object key names; undefined for any other object of the bucket. */
export function attachmentOfKey(key: string): { readonly businessId: string; readonly attachmentId: string } | undefined {
  const [, businessId, attachmentId] = /^([0-9a-f-]{36})\/attachments\/([0-9a-f-]{36})$/.exec(key) ?? [];
  return businessId && attachmentId ? { businessId, attachmentId } : undefined;
}

/** The live files of one record (pending or available), counted in the record's own counter item. */
const perRecordCounter = (businessId: Id, type: string, id: Id) => counterKey(businessId, 'ATTACHMENT', `${type}#${id}`);
export const PER_RECORD = 'ATTACHMENT:per-record';

export function countOnRecord(tx: WriteTransaction, businessId: Id, record: AttachmentRecord, by: 1 | -1): void {
  if (by === -1) {
    tx.increment(PER_RECORD, perRecordCounter(businessId, record.record_type, record.record_id), 'count', -1);
    return;
  }
  tx.update(PER_RECORD, perRecordCounter(businessId, record.record_type, record.record_id), { expression: 'ADD #count :one', names: { '#count': 'count' }, values: { ':one': 1 } }, { expression: 'attribute_not_exists(#count) OR #count < :max', names: { '#count': 'count' }, values: { ':max': MAX_ATTACHMENTS_PER_RECORD } });
}

export function toAttachmentResource(record: AttachmentRecord) {
  return { id: record.id, record: { type: record.record_type, id: record.record_id }, file_name: record.file_name, content_type: record.content_type, size: record.size, status: record.status, created_at: record.created_at, checked_at: record.checked_at };
}

export type AttachmentResource = ReturnType<typeof toAttachmentResource>;

export const related = (record: AttachmentRecord) => [recordRef(record.record_type, { id: record.record_id })];

export function requireScope(scopes: ReadonlySet<Scope>, scope: Scope): void {
  if (!scopes.has(scope)) throw new ScopeRequired(scope);
}

/**
 * A record of this kind the credential may reach: its scope held (403 otherwise), and the record in the business (404
 * otherwise). A draft document holds no files: its list is empty, and a file for it is refused until it is approved
 * (409), rather than said not to exist.
 */
export async function reachRecord(businessId: Id, scopes: ReadonlySet<Scope>, kind: AttachableKind, id: Id, access: 'read' | 'write'): Promise<void> {
  requireScope(scopes, access === 'read' ? readScopeOf(kind) : writeScopeOf(kind));
  if (await kind.exists(businessId, id)) return;
  if (!(await kind.drafted?.(businessId, id))) throw new NotFound('record');
  if (access === 'write') throw new StateConflict(`This ${kind.type.replaceAll('_', ' ')} is a draft: files attach to it once it is approved.`);
}

/** An attachment of the business, its record's scope held. */
async function reachAttachment(businessId: Id, scopes: ReadonlySet<Scope>, id: Id, access: 'read' | 'write') {
  const stored = await attachmentStore.get(businessId, id);
  if (!stored) throw new NotFound('attachment');
  const kind = kindOfType(stored.record.record_type)!;
  requireScope(scopes, access === 'read' ? readScopeOf(kind) : writeScopeOf(kind));
  return stored;
}

/** 409 when the business keeps the most files it may. */
export async function refuseWhenBusinessFull(businessId: Id): Promise<void> {
  if ((await readCounter(counterKey(businessId, 'ATTACHMENT'))) >= MAX_ATTACHMENTS_PER_BUSINESS) throw new StateConflict(`The business keeps the most files it may (${MAX_ATTACHMENTS_PER_BUSINESS}); delete some first.`);
}

/** The refusal of a record that carries the most files it may. */
export const recordFull = (kind: AttachableKind) => new StateConflict(`This ${kind.type.replaceAll('_', ' ')} carries the most files a record may (${MAX_ATTACHMENTS_PER_RECORD}); delete one first.`);

export async function createAttachment(businessId: Id, scopes: ReadonlySet<Scope>, input: AttachmentCreateInput) {
  const kind = kindOfType(input.record.type)!;
  const recordId = input.record.id as Id;
  await reachRecord(businessId, scopes, kind, recordId, 'write');
  await refuseWhenBusinessFull(businessId);
  const now = new Date().toISOString();
  const record: AttachmentRecord = { id: newId(), record_type: kind.type, record_id: recordId, file_name: input.file_name, content_type: input.content_type, size: input.size, status: 'pending', created_at: now, updated_at: now, checked_at: null };
  // A race on the business's counter is tried again; the record's counter refusing is the record being full.
  await retryOnConflict(async () => {
    const tx = new WriteTransaction();
    attachmentStore.addCreate(tx, businessId, record);
    countOnRecord(tx, businessId, record, 1);
    addAuditEntry(tx, businessId, createdAction('attachment', toAttachmentResource(record), related(record)));
    try {
      await tx.commit();
    } catch (error) {
      if (error instanceof TransactionConflict && error.failedOn(PER_RECORD)) throw recordFull(kind);
      throw error;
    }
  });
  const form = await attachmentFileStore().uploadForm({ key: objectKeyOf(businessId, record.id), contentType: record.content_type, size: record.size, seconds: UPLOAD_SECONDS });
  return { ...toAttachmentResource(record), upload: { url: form.url, method: 'POST' as const, fields: form.fields, expires_at: form.expiresAt } };
}

/** A record's live files (pending or available), oldest first: at most 50, one Query. */
export async function filesOfRecord(businessId: Id, kind: AttachableKind, recordId: Id): Promise<AttachmentResource[]> {
  return (await attachmentStore.startingWith(businessId, listedUnder(kind.type, recordId, 'available'), MAX_ATTACHMENTS_PER_RECORD)).map(toAttachmentResource);
}

/** `GET /{collection}/{id}/attachments`: the record's live files, oldest first (at most 50: one Query). */
export async function listAttachments(businessId: Id, scopes: ReadonlySet<Scope>, collectionName: string, recordId: Id) {
  const kind = ATTACHABLE[collectionName];
  if (!kind) throw new NotFound('collection');
  await reachRecord(businessId, scopes, kind, recordId, 'read');
  return { items: await filesOfRecord(businessId, kind, recordId) };
}

/** An attachment, with a download link while it is available. */
export async function getAttachment(businessId: Id, scopes: ReadonlySet<Scope>, id: Id) {
  const { record } = await reachAttachment(businessId, scopes, id, 'read');
  const link = record.status === 'available' ? await attachmentFileStore().downloadLink(objectKeyOf(businessId, record.id), record.file_name, DOWNLOAD_SECONDS, record.content_type) : null;
  return { ...toAttachmentResource(record), download_url: link?.url ?? null, download_expires_at: link?.expiresAt ?? null };
}

/**
 * The bytes of an available attachment the credential may read (its record's read scope), when it is of one of
 * these types and at most this size; 400 naming `field` otherwise. For a use case that reads an uploaded file (a
 * supplier's e-invoice).
 */
export async function readAttachmentFile(businessId: Id, scopes: ReadonlySet<Scope>, id: Id, accepts: { readonly field: string; readonly types: readonly AttachmentContentType[]; readonly maxBytes: number }): Promise<Uint8Array> {
  const { record } = await reachAttachment(businessId, scopes, id, 'read');
  const refuse = (message: string) => RuleViolation.of(accepts.field, message);
  if (record.status !== 'available') throw refuse(`names an attachment that is ${record.status}: wait until its upload is checked`);
  if (!accepts.types.includes(record.content_type)) throw refuse(`names a file of type ${record.content_type}; it must be ${accepts.types.join(' or ')}`);
  if (record.size > accepts.maxBytes) throw refuse(`names a file of ${record.size} bytes; it must be at most ${accepts.maxBytes}`);
  const file = await attachmentFileStore().readStart(objectKeyOf(businessId, record.id), record.size);
  if (!file) throw new NotFound('attachment');
  return file.head;
}

/** A file the service itself keeps on a record it is making (a supplier's e-invoice on its bill): put before the record's transaction. */
export interface KeptFile {
  readonly id: Id;
  readonly recordType: string;
  readonly recordId: Id;
  readonly fileName: string;
  readonly contentType: AttachmentContentType;
  readonly bytes: Uint8Array;
}

/** Puts a kept file's object: before the transaction that records it, so an available attachment always has its file. */
export async function putKeptFile(businessId: Id, file: KeptFile): Promise<void> {
  await attachmentFileStore().put({ key: objectKeyOf(businessId, file.id), body: file.bytes, contentType: file.contentType });
}

/** Its attachment, available at once (the service wrote it, so there is nothing to check), in the record's transaction. */
export function addKeptFile(tx: WriteTransaction, businessId: Id, file: KeptFile, at: string): void {
  const record: AttachmentRecord = { id: file.id, record_type: file.recordType, record_id: file.recordId, file_name: file.fileName, content_type: file.contentType, size: file.bytes.byteLength, status: 'available', created_at: at, updated_at: at, checked_at: at };
  attachmentStore.addCreate(tx, businessId, record);
  countOnRecord(tx, businessId, record, 1);
  addAuditEntry(tx, businessId, createdAction('attachment', toAttachmentResource(record), related(record)));
}

/** Takes back the object of a kept file whose record was not made. */
export async function removeKeptFile(businessId: Id, id: Id): Promise<void> {
  await attachmentFileStore().remove(objectKeyOf(businessId, id));
}

/** Deletes an attachment and then its file (the bucket keeps the old version for its 90 days). */
export async function deleteAttachment(businessId: Id, scopes: ReadonlySet<Scope>, id: Id) {
  // Read again when the check marked it meanwhile: the delete then takes what the check made.
  const record = await retryOnConflict(async () => {
    const stored = await reachAttachment(businessId, scopes, id, 'write');
    const tx = new WriteTransaction();
    attachmentStore.addRemove(tx, businessId, stored.record, stored.version);
    if (stored.record.status !== 'rejected') countOnRecord(tx, businessId, stored.record, -1);
    addAuditEntry(tx, businessId, deletedAction('attachment', toAttachmentResource(stored.record)));
    addEvent(tx, businessId, 'attachment.deleted', toAttachmentResource(stored.record));
    await tx.commit();
    return stored.record;
  });
  await attachmentFileStore().remove(objectKeyOf(businessId, record.id));
  return toAttachmentResource(record);
}

/**
 * Checks an upload that has arrived, once: a file of the declared size whose first bytes are of its type becomes
 * available (and `attachment.added` fires); any other is deleted and the attachment rejected. An attachment no
 * longer pending, deleted, or whose file is not there is left as it is, so a repeated event changes nothing. An
 * upload no attachment names yet goes to `unnamed` (the dashboard's open uploads, `open-uploads.ts`).
 */
export async function checkUpload(businessId: Id, attachmentId: Id, unnamed: () => Promise<AttachmentStatus | undefined> = async () => undefined): Promise<AttachmentStatus | undefined> {
  const stored = await attachmentStore.get(businessId, attachmentId);
  if (!stored) return unnamed();
  if (stored.record.status !== 'pending') return undefined;
  const files = attachmentFileStore();
  const key = objectKeyOf(businessId, attachmentId);
  const start = await files.readStart(key, SNIFF_BYTES);
  if (!start) return undefined;
  const good = start.size === stored.record.size && (await contentMatches(start.head, stored.record.content_type));
  // A good file is kept before it is marked (available, it must be there); a bad one is marked before it is
  // deleted, so a failed delete leaves it tagged pending, which the bucket expires, never pending with no file.
  if (good) await files.accept(key);
  const status = await retryOnConflict(async () => {
    // Read again on a lost race (a create moving the record's counter): only a delete meanwhile ends the check.
    const current = await attachmentStore.get(businessId, attachmentId);
    if (!current || current.record.status !== 'pending') return undefined;
    const now = new Date().toISOString();
    const checked: AttachmentRecord = { ...current.record, status: good ? 'available' : 'rejected', checked_at: now, updated_at: now };
    const tx = new WriteTransaction();
    attachmentStore.addReplace(tx, businessId, checked, current.version, current.record);
    if (!good) countOnRecord(tx, businessId, checked, -1);
    addAuditEntry(tx, businessId, changedAction(good ? 'checked' : 'rejected', 'attachment', toAttachmentResource(current.record), toAttachmentResource(checked), related(checked)));
    if (good) addEvent(tx, businessId, 'attachment.added', toAttachmentResource(checked));
    await tx.commit();
    return checked.status;
  });
  if (status === 'rejected') await files.remove(key);
  return status;
}
