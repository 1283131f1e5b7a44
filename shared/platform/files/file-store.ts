import type { Readable } from 'node:stream';
import { DeleteObjectCommand, DeleteObjectTaggingCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import libmime from 'libmime';
import { config } from '../config.ts';
import { traced } from '../observability/telemetry.ts';

/** A file to keep: its bytes (a stream is uploaded in parts, so a file larger than memory still fits) and type. */
export interface FileToKeep {
  readonly key: string;
  readonly body: Readable | string | Uint8Array;
  readonly contentType: string;
}

/** A link that downloads one kept file under a name, for a few minutes, without credentials. */
export interface DownloadLink {
  readonly url: string;
  readonly expiresAt: string;
}

/** An upload to allow: one object key, of exactly this type and size, for a few minutes. */
export interface UploadToAllow {
  readonly key: string;
  readonly contentType: string;
  readonly size: number;
  readonly seconds: number;
}

/**
 * An upload to allow from a plain file input, which can declare nothing before the file is chosen: one object key,
 * any type (the check decides it), a size from one byte to `maxSize`, the chosen file's name kept with the object
 * (`FileStart.fileName`), and the browser sent back to `redirect` once the file is kept.
 */
export interface OpenUploadToAllow {
  readonly key: string;
  readonly maxSize: number;
  readonly redirect: string;
  readonly seconds: number;
}

/** The metadata an open upload's form fills with the chosen file's name (S3 puts the name for `${filename}`). */
export const FILE_NAME_FIELD = 'x-amz-meta-file-name';

/** A form that uploads one file straight to the store, as a browser sends it: POST the fields, then the file as `file`. */
export interface UploadForm {
  readonly url: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly expiresAt: string;
}

/** The first bytes of a kept file and its whole size. */
export interface FileStart {
  readonly head: Uint8Array;
  readonly size: number;
  /** The name of the file an open upload's form sent, when it sent one. */
  readonly fileName?: string;
}

/** The tag an upload carries until it is checked: the bucket expires objects still carrying it after a day. */
export const PENDING_TAG = { key: 'state', value: 'pending' } as const;
const PENDING_TAGGING = `<Tagging><TagSet><Tag><Key>${PENDING_TAG.key}</Key><Value>${PENDING_TAG.value}</Value></Tag></TagSet></Tagging>`;

/**
 * Where the business's files are kept: the private records bucket on AWS (S3); a folder beside the data in the
 * local runtime, its links served by the local server. Handlers reach it through this interface only.
 */
export interface FileStore {
  put(file: FileToKeep): Promise<void>;
  /** A link that downloads `key` as `filename`, served as `contentType` when given (else as it was stored). */
  downloadLink(key: string, filename: string, seconds: number, contentType?: string): Promise<DownloadLink>;
  /** A form that uploads one file to `key`, bound to its type and exact size, tagged pending until `accept`. */
  uploadForm(upload: UploadToAllow): Promise<UploadForm>;
  /** A form that uploads one file of any type and a size in range to `key`, keeping its name, tagged pending until `accept`. */
  openUploadForm(upload: OpenUploadToAllow): Promise<UploadForm>;
  /** The first `bytes` of a file and its size; undefined when there is no such file. */
  readStart(key: string, bytes: number): Promise<FileStart | undefined>;
  /** Takes the pending tag off an upload found good, so the bucket keeps it. */
  accept(key: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/**
 * S3: a streamed body goes up as a multipart upload (lib-storage's `Upload`, 5 MB parts), so a file of any size
 * costs the worker one part's memory. A download link is a presigned GET that names the file as an attachment.
 */
export function s3FileStore(client: S3Client, bucket: string): FileStore {
  return {
    async put(file) {
      await new Upload({ client, params: { Bucket: bucket, Key: file.key, Body: file.body, ContentType: file.contentType } }).done();
    },
    async downloadLink(key, filename, seconds, contentType) {
      const command = new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: `attachment; filename="${filename}"`, ...(contentType ? { ResponseContentType: contentType } : {}) });
      return { url: await getSignedUrl(client, command, { expiresIn: seconds }), expiresAt: new Date(Date.now() + seconds * 1000).toISOString() };
    },
    async uploadForm(upload) {
      // Each field is also an exact condition of the signed policy (the SDK adds them): the type and the pending tag
      // cannot be changed by the sender, and the size range is the declared size exactly.
      const post = await createPresignedPost(client, {
        Bucket: bucket,
        Key: upload.key,
        Fields: { 'Content-Type': upload.contentType, tagging: PENDING_TAGGING },
        Conditions: [['content-length-range', upload.size, upload.size]],
        Expires: upload.seconds,
      });
      return { url: post.url, fields: post.fields, expiresAt: new Date(Date.now() + upload.seconds * 1000).toISOString() };
    },
    async openUploadForm(upload) {
      // The name field is left out of the SDK's Fields, which would make it an exact condition on the literal
      // `${filename}`; the policy allows any name instead, and S3 fills the field with the chosen file's name.
      const post = await createPresignedPost(client, {
        Bucket: bucket,
        Key: upload.key,
        Fields: { tagging: PENDING_TAGGING, success_action_redirect: upload.redirect },
        Conditions: [['content-length-range', 1, upload.maxSize], ['starts-with', `$${FILE_NAME_FIELD}`, '']],
        Expires: upload.seconds,
      });
      return { url: post.url, fields: { ...post.fields, [FILE_NAME_FIELD]: '${filename}' }, expiresAt: new Date(Date.now() + upload.seconds * 1000).toISOString() };
    },
    async readStart(key, bytes) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
        const size = Number(/\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1] ?? answer.ContentLength ?? 0);
        // S3 keeps a name that is not US-ASCII as an RFC 2047 encoded word (`=?UTF-8?B?…?=`); libmime decodes it.
        const name = answer.Metadata?.['file-name'];
        return { head: await answer.Body!.transformToByteArray(), size, ...(name ? { fileName: libmime.decodeWords(name) } : {}) };
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async accept(key) {
      await client.send(new DeleteObjectTaggingCommand({ Bucket: bucket, Key: key }));
    },
    async remove(key) {
      // The bucket is versioned: this leaves a delete marker, and the old version expires with the others.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

const holder = globalThis as typeof globalThis & { __ledgerFiles?: FileStore; __ledgerAttachments?: FileStore };
let aws: FileStore | undefined;

/**
 * The local runtime installs its folders here before it loads any handler: the records' (exports) and the
 * attachments' (`<DATA_DIR>/attachments`, as api.md has it). On AWS both are the records bucket.
 */
export function installFileStore(store: FileStore, attachments: FileStore = store): void {
  holder.__ledgerFiles = store;
  holder.__ledgerAttachments = attachments;
}

function recordsBucket(): FileStore {
  aws ??= s3FileStore(traced(new S3Client({ region: config().AWS_REGION })), config().RECORDS_BUCKET);
  return aws;
}

export function fileStore(): FileStore {
  return holder.__ledgerFiles ?? recordsBucket();
}

/** Where attachments are kept (`shared/attachments`). */
export function attachmentFileStore(): FileStore {
  return holder.__ledgerAttachments ?? recordsBucket();
}
