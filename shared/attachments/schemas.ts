import * as v from 'valibot';
import { IdRef, ResourceId, Text, Timestamp } from '../platform/core/fields.ts';
import { ATTACHABLE_TYPES } from './attachable.ts';
import { ATTACHMENT_CONTENT_TYPES, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_RECORD, safeFileName } from './file-kinds.ts';

const RecordType = v.picklist(ATTACHABLE_TYPES, `must be one of ${ATTACHABLE_TYPES.join(', ')}`);

export const AttachmentCreate = v.strictObject({
  record: v.pipe(v.strictObject({ type: RecordType, id: IdRef }), v.description(`The record the file is evidence of (at most ${MAX_ATTACHMENTS_PER_RECORD} files each).`)),
  file_name: v.pipe(
    Text(255),
    v.check((name) => safeFileName(name) === name, 'must be a file name without slashes, quotes or control characters'),
    v.description('The name the file downloads under.'),
  ),
  content_type: v.pipe(v.picklist(ATTACHMENT_CONTENT_TYPES, `must be one of ${ATTACHMENT_CONTENT_TYPES.join(', ')}`), v.description("The file's type: the upload must be of it, and its first bytes are checked against it.")),
  size: v.pipe(
    v.number('must be a number'),
    v.safeInteger('must be a whole number of bytes'),
    v.minValue(1, 'must be at least 1 byte'),
    v.maxValue(MAX_ATTACHMENT_BYTES, `must be at most ${MAX_ATTACHMENT_BYTES} bytes (25 MB)`),
    v.description('The exact size in bytes: the upload must be exactly this size.'),
  ),
});

export type AttachmentCreateInput = v.InferOutput<typeof AttachmentCreate>;

export const AttachmentStatus = v.pipe(v.picklist(['pending', 'available', 'rejected']), v.description('pending until the upload arrives and is checked (seconds), then available, or rejected when its first bytes are not of its type (the file is deleted).'));

export const Attachment = v.object({
  id: ResourceId,
  record: v.object({ type: v.string(), id: ResourceId }),
  file_name: v.string(),
  content_type: v.string(),
  size: v.number(),
  status: AttachmentStatus,
  created_at: Timestamp,
  checked_at: v.nullable(Timestamp),
});

export const AttachmentUpload = v.object({
  ...Attachment.entries,
  upload: v.pipe(
    v.object({ url: v.string(), method: v.literal('POST'), fields: v.record(v.string(), v.string()), expires_at: Timestamp }),
    v.description('Where the file goes: POST a multipart/form-data form to url with every field as given, then the file as the last field, named file. Good for 15 minutes, for this file, type and size only.'),
  ),
});

export const AttachmentDownload = v.object({
  ...Attachment.entries,
  download_url: v.pipe(v.nullable(v.string()), v.description('Once available: where the file downloads from, without credentials, for five minutes; each read makes a new one.')),
  download_expires_at: v.nullable(Timestamp),
});

export const AttachmentList = v.object({ items: v.array(Attachment) });
