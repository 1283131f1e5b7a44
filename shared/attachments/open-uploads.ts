/**
 * A file attached from the dashboard with a plain file input (docs/attachments.md, "Uploading from the dashboard").
 * Such a form cannot declare a file's name, type or size before the file is chosen, so it cannot be the API's form
 * bound to all three. Instead "Attach a file" opens an upload: an item naming the record, the page to return to
 * and who asked, whose id becomes the attachment's. Its form goes straight to the store as the API's does, bound to
 * the key, a size from one byte to 25 MB and the page the store sends the browser back to; the store keeps the
 * chosen file's name beside it. When the store reports the file, the check reads its first bytes: a file of a kind
 * a record may carry becomes the attachment, available, in one transaction with the record's count and the
 * upload's outcome; any other is deleted and the upload says why. The upload item expires a day later.
 */
import { NotFound, RuleViolation, ScopeRequired } from '../platform/core/errors.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { recordKey } from '../platform/db/keys.ts';
import { getItem } from '../platform/db/query.ts';
import { mustNotExist, TransactionConflict, WriteTransaction } from '../platform/db/transaction.ts';
import { attachmentFileStore, type UploadForm } from '../platform/files/file-store.ts';
import type { Scope } from '../platform/http/scopes.ts';
import { publicOrigin } from '../platform/links/public-origin.ts';
import { addEvent } from '../platform/outbox/outbox.ts';
import { actingAs, currentActing } from '../platform/trail/acting.ts';
import { createdAction } from '../platform/trail/actions.ts';
import type { AuditActor } from '../platform/trail/entry.ts';
import { addAuditEntry } from '../platform/trail/write.ts';
import { kindOfType, writeScopeOf, type AttachableKind } from './attachable.ts';
import {
  attachmentStore,
  checkUpload,
  countOnRecord,
  objectKeyOf,
  PER_RECORD,
  reachRecord,
  recordFull,
  refuseWhenBusinessFull,
  related,
  toAttachmentResource,
  UPLOAD_SECONDS,
  type AttachmentRecord,
  type AttachmentStatus,
} from './attachments.ts';
import { ATTACHMENT_CONTENT_TYPES, kindOfFile, MAX_ATTACHMENT_BYTES, safeFileName, SNIFF_BYTES } from './file-kinds.ts';

/** How long an opened upload is remembered: its form is good for 15 minutes, its outcome shown for a day. */
const UPLOAD_KEPT_SECONDS = 24 * 60 * 60;

export type OpenUploadStatus = 'open' | 'attached' | 'rejected';

export interface OpenUpload {
  readonly id: Id;
  readonly record_type: string;
  readonly record_id: Id;
  /** The dashboard page the upload was opened from, where the browser returns once the file is attached. */
  readonly back: string;
  readonly actor: AuditActor;
  readonly status: OpenUploadStatus;
  readonly file_name: string | null;
  /** Why the file was not attached, in words for the person who chose it. */
  readonly reason: string | null;
  readonly created_at: string;
}

const uploadKey = (businessId: Id, id: Id) => recordKey(businessId, 'UPLOAD', id);
const UPLOAD_LABEL = 'UPLOAD:outcome';
const KINDS_TEXT = 'a PDF, a PNG, JPEG, HEIC or WebP image, or a CSV, XML or text file';

async function readUpload(businessId: Id, id: Id): Promise<{ readonly upload: OpenUpload; readonly version: number } | undefined> {
  const item = await getItem(uploadKey(businessId, id));
  if (item?.entity !== 'UPLOAD') return undefined;
  const { pk: _pk, sk: _sk, entity: _entity, expires_at: _expires, version, ...upload } = item;
  return { upload: upload as unknown as OpenUpload, version: Number(version) };
}

/** Opens an upload of one file to a record the caller may attach files to (its feature's update scope); its id. */
export async function openUpload(businessId: Id, scopes: ReadonlySet<Scope>, input: { readonly recordType: string; readonly recordId: Id; readonly back: string }): Promise<Id> {
  const kind = kindOfType(input.recordType);
  if (!kind) throw RuleViolation.of('record_type', `must be one of the records files attach to`);
  await reachRecord(businessId, scopes, kind, input.recordId, 'write');
  await refuseWhenBusinessFull(businessId);
  const upload: OpenUpload = { id: newId(), record_type: kind.type, record_id: input.recordId, back: input.back, actor: currentActing().actor, status: 'open', file_name: null, reason: null, created_at: new Date().toISOString() };
  const expires = Math.floor(Date.now() / 1000) + UPLOAD_KEPT_SECONDS;
  await new WriteTransaction().put('UPLOAD:open', { ...uploadKey(businessId, upload.id), entity: 'UPLOAD', ...upload, version: 1, expires_at: expires }, mustNotExist).commit();
  return upload.id;
}

/** An opened upload as its page shows it: its record's kind and, while it is open, the form that sends the file. */
export interface OpenUploadView {
  readonly upload: OpenUpload;
  readonly kind: AttachableKind;
  readonly form: UploadForm | undefined;
}

/** An upload of the business the caller may attach files with; 404 for any other. */
export async function openUploadView(businessId: Id, scopes: ReadonlySet<Scope>, id: Id, pagePath: string): Promise<OpenUploadView> {
  const stored = await readUpload(businessId, id);
  const kind = stored && kindOfType(stored.upload.record_type);
  if (!stored || !kind) throw new NotFound('upload');
  if (!scopes.has(writeScopeOf(kind))) throw new ScopeRequired(writeScopeOf(kind));
  const { upload } = stored;
  const form = upload.status === 'open' ? await attachmentFileStore().openUploadForm({ key: objectKeyOf(businessId, id), maxSize: MAX_ATTACHMENT_BYTES, redirect: `${publicOrigin()}${pagePath}`, seconds: UPLOAD_SECONDS }) : undefined;
  return { upload, kind, form };
}

/**
 * The check of a file sent by an open upload's form: attached when it is of a kind a record may carry and its record
 * still takes files; otherwise deleted, the upload saying why. Only an open upload is decided, so a repeated
 * event changes nothing; a file no upload names is left alone (it may be one the service is keeping, whose
 * attachment is not yet written).
 */
export async function checkOpenUpload(businessId: Id, id: Id): Promise<AttachmentStatus | undefined> {
  const stored = await readUpload(businessId, id);
  if (!stored || stored.upload.status !== 'open') return undefined;
  const files = attachmentFileStore();
  const key = objectKeyOf(businessId, id);
  const start = await files.readStart(key, SNIFF_BYTES);
  if (!start) return undefined;
  const fileName = safeFileName(start.fileName ?? '').trim().slice(0, 255) || 'file';
  const contentType = await kindOfFile(start.head, fileName);
  const kind = kindOfType(stored.upload.record_type)!;
  const decided = { ...stored.upload, file_name: fileName };
  if (!contentType) return reject(businessId, stored.version, decided, `${fileName} is not ${KINDS_TEXT}.`);
  if (!(await kind.exists(businessId, decided.record_id))) return reject(businessId, stored.version, decided, `The ${kind.type.replaceAll('_', ' ')} is no longer there.`);
  await files.accept(key);
  const now = new Date().toISOString();
  const record: AttachmentRecord = { id, record_type: kind.type, record_id: decided.record_id, file_name: fileName, content_type: contentType, size: start.size, status: 'available', created_at: now, updated_at: now, checked_at: now };
  // The entry names who opened the upload, not the check that found the file good.
  return actingAs({ ...currentActing(), actor: decided.actor }, async () => {
    const tx = new WriteTransaction();
    attachmentStore.addCreate(tx, businessId, record);
    countOnRecord(tx, businessId, record, 1);
    decide(tx, businessId, stored.version, { ...decided, status: 'attached' });
    addAuditEntry(tx, businessId, createdAction('attachment', toAttachmentResource(record), related(record)));
    addEvent(tx, businessId, 'attachment.added', toAttachmentResource(record));
    try {
      await tx.commit();
      return 'available' as const;
    } catch (error) {
      if (decidedMeanwhile(error)) return undefined;
      if (error instanceof TransactionConflict && error.failedOn(PER_RECORD)) return reject(businessId, stored.version, decided, recordFull(kind).message);
      throw error;
    }
  });
}

/** Another check (a repeated event) decided the upload first: its outcome stands. */
const decidedMeanwhile = (error: unknown) => error instanceof TransactionConflict && error.failedOn(UPLOAD_LABEL);

function decide(tx: WriteTransaction, businessId: Id, version: number, upload: OpenUpload): WriteTransaction {
  return tx.update(
    UPLOAD_LABEL,
    uploadKey(businessId, upload.id),
    { expression: 'SET #status = :status, file_name = :name, reason = :reason, version = :next', names: { '#status': 'status' }, values: { ':status': upload.status, ':name': upload.file_name, ':reason': upload.reason, ':next': version + 1 } },
    { expression: 'version = :version', values: { ':version': version } },
  );
}

/** Marks the upload rejected, then deletes its file (a failed delete leaves it tagged pending, which the bucket expires). */
async function reject(businessId: Id, version: number, upload: OpenUpload, reason: string): Promise<AttachmentStatus | undefined> {
  try {
    await decide(new WriteTransaction(), businessId, version, { ...upload, status: 'rejected', reason }).commit();
  } catch (error) {
    if (decidedMeanwhile(error)) return undefined;
    throw error;
  }
  await attachmentFileStore().remove(objectKeyOf(businessId, upload.id));
  return 'rejected';
}

/** The worker's check of any upload the store reports: an attachment's, else an open upload's. */
export const checkArrivedUpload = (businessId: Id, id: Id) => checkUpload(businessId, id, () => checkOpenUpload(businessId, id));

/** The kinds an open upload takes, for its page. */
export const OPEN_UPLOAD_KINDS = { text: KINDS_TEXT, types: ATTACHMENT_CONTENT_TYPES, maxBytes: MAX_ATTACHMENT_BYTES } as const;
