import type { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
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

/**
 * Where the business's files are kept: the private records bucket on AWS (S3); a folder beside the data in the
 * local runtime, its links served by the local server. Handlers reach it through this interface only.
 */
export interface FileStore {
  put(file: FileToKeep): Promise<void>;
  downloadLink(key: string, filename: string, seconds: number): Promise<DownloadLink>;
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
    async downloadLink(key, filename, seconds) {
      const command = new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: `attachment; filename="${filename}"` });
      return { url: await getSignedUrl(client, command, { expiresIn: seconds }), expiresAt: new Date(Date.now() + seconds * 1000).toISOString() };
    },
  };
}

const holder = globalThis as typeof globalThis & { __ledgerFiles?: FileStore };
let aws: FileStore | undefined;

/** The local runtime installs its folder here before it loads any handler. */
export function installFileStore(store: FileStore): void {
  holder.__ledgerFiles = store;
}

export function fileStore(): FileStore {
  if (holder.__ledgerFiles) return holder.__ledgerFiles;
  aws ??= s3FileStore(traced(new S3Client({ region: config().AWS_REGION })), config().RECORDS_BUCKET);
  return aws;
}
