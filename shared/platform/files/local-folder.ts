import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_NAME_FIELD, type FileStore } from './file-store.ts';

/** The local server's path of kept files: the stand-in for S3's presigned URLs. */
export const LOCAL_FILES_PATH = '/local-files/';
/** The local server's path of attachments' downloads and uploads: the stand-in for the bucket's presigned GETs and POSTs. */
export const LOCAL_ATTACHMENTS_PATH = '/local-attachments/';

/**
 * What an upload form's policy allows, signed as S3 signs its POST policy: a declared type and exact size (the
 * API's form), or any type in a size range with the file's name kept and the browser sent on (the dashboard's).
 */
interface UploadPolicy {
  readonly key: string;
  readonly content_type: string | null;
  readonly min_size: number;
  readonly max_size: number;
  readonly redirect: string | null;
  readonly expires: string;
}

/** An upload as the local server received it: the form's fields, the chosen file's name and its bytes, streamed. */
export interface ReceivedUpload {
  readonly fields: Readonly<Record<string, string>>;
  readonly fileName: string;
  readonly file: Readable;
}

/** What the upload route answers, as S3 answers a POST: 204 (or 303 to the form's redirect), or a refusal with its code. */
export type UploadAnswer = { readonly ok: true; readonly key: string; readonly size: number; readonly redirect: string | null } | { readonly ok: false; readonly status: 400 | 403; readonly code: string; readonly message: string };

export interface LocalDownload {
  readonly path: string;
  readonly filename: string;
  readonly contentType: string;
}

/** The local folder of kept files, which can also say whether a download link it made is still good. */
export interface LocalFileFolder extends FileStore {
  /** The file a link names, when its signature holds and it has not expired; undefined otherwise. */
  download(url: URL): LocalDownload | undefined;
  /** Keeps an upload sent by a form of `uploadForm`, when its policy holds and the file is the size it allows. */
  receive(upload: ReceivedUpload): Promise<UploadAnswer>;
}

/**
 * The records bucket on one machine: each file under `dir` by its key, its type beside it. A link carries an
 * expiry and an HMAC of key, name and expiry under a secret made at start, as a presigned URL carries its
 * signature, so a link is good for its minutes and for that file only.
 */
export function localFileFolder(dir: string, baseUrl: string, linkPath = LOCAL_FILES_PATH): LocalFileFolder {
  const secret = randomBytes(32);
  const pathOf = (key: string) => {
    const path = resolve(dir, key);
    if (!path.startsWith(resolve(dir) + sep)) throw new Error(`a file key must stay inside the folder: ${key}`);
    return path;
  };
  const sign = (key: string, filename: string, expires: string) => createHmac('sha256', secret).update(`${key}\n${filename}\n${expires}`).digest('base64url');
  const signPolicy = (policy: string) => createHmac('sha256', secret).update(`policy\n${policy}`).digest('base64url');
  const holds = (given: string, expected: string) => given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  const refused = (status: 400 | 403, code: string, message: string): UploadAnswer => ({ ok: false, status, code, message });
  const forget = (path: string) => ['', '.type', '.pending', '.part', '.name'].forEach((suffix) => rmSync(`${path}${suffix}`, { force: true }));
  const formOf = (policy: UploadPolicy, fields: Record<string, string>, expiresAt: string) => {
    const encoded = Buffer.from(JSON.stringify(policy)).toString('base64url');
    return { url: `${baseUrl}${linkPath}`, fields: { ...fields, policy: encoded, signature: signPolicy(encoded) }, expiresAt };
  };
  return {
    async put(file) {
      const path = pathOf(file.key);
      mkdirSync(dirname(path), { recursive: true });
      const body = typeof file.body === 'string' || file.body instanceof Uint8Array ? Readable.from([file.body]) : file.body;
      await pipeline(body, createWriteStream(path));
      writeFileSync(`${path}.type`, file.contentType);
    },
    async downloadLink(key, filename, seconds, contentType) {
      const expiresAt = new Date(Date.now() + seconds * 1000).toISOString();
      const query = new URLSearchParams({ filename, expires: expiresAt, signature: sign(key, `${filename}\n${contentType ?? ''}`, expiresAt), ...(contentType ? { type: contentType } : {}) });
      return { url: `${baseUrl}${linkPath}${key}?${query}`, expiresAt };
    },
    async uploadForm(upload) {
      const expiresAt = new Date(Date.now() + upload.seconds * 1000).toISOString();
      const policy: UploadPolicy = { key: upload.key, content_type: upload.contentType, min_size: upload.size, max_size: upload.size, redirect: null, expires: expiresAt };
      return formOf(policy, { key: upload.key, 'Content-Type': upload.contentType }, expiresAt);
    },
    async openUploadForm(upload) {
      const expiresAt = new Date(Date.now() + upload.seconds * 1000).toISOString();
      const policy: UploadPolicy = { key: upload.key, content_type: null, min_size: 1, max_size: upload.maxSize, redirect: upload.redirect, expires: expiresAt };
      return formOf(policy, { key: upload.key, success_action_redirect: upload.redirect, [FILE_NAME_FIELD]: '${filename}' }, expiresAt);
    },
    async receive({ fields: sent, fileName, file }) {
      const refuse = (status: 400 | 403, code: string, message: string) => (file.resume(), refused(status, code, message));
      // S3 puts the chosen file's name for `${filename}` in any field before it checks the policy.
      const fields = Object.fromEntries(Object.entries(sent).map(([name, value]) => [name, value.replaceAll('${filename}', fileName)]));
      const policyText = fields.policy ?? '';
      if (!holds(fields.signature ?? '', signPolicy(policyText))) return refuse(403, 'SignatureDoesNotMatch', 'The policy is not signed by this store.');
      const policy = JSON.parse(Buffer.from(policyText, 'base64url').toString()) as UploadPolicy;
      if (!(Date.parse(policy.expires) > Date.now())) return refuse(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
      const typeHolds = policy.content_type === null || fields['Content-Type'] === policy.content_type;
      const redirectHolds = (fields.success_action_redirect ?? null) === policy.redirect;
      if (fields.key !== policy.key || !typeHolds || !redirectHolds) return refuse(403, 'AccessDenied', 'Invalid according to Policy: Policy Condition failed.');
      const path = pathOf(policy.key);
      mkdirSync(dirname(path), { recursive: true });
      let size = 0;
      // The file is counted as it streams and nothing past its size is written, as S3 checks content-length-range;
      // the rest is read and dropped, so the form's stream ends as it would.
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.byteLength;
          done(null, size > policy.max_size ? undefined : chunk);
        },
      });
      await pipeline(file, limit, createWriteStream(`${path}.part`));
      if (size > policy.max_size) {
        forget(path);
        return refused(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
      }
      if (size < policy.min_size) {
        forget(path);
        return refused(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size.');
      }
      writeFileSync(`${path}.type`, policy.content_type ?? 'application/octet-stream');
      writeFileSync(`${path}.pending`, '');
      if (fields[FILE_NAME_FIELD] !== undefined) writeFileSync(`${path}.name`, fields[FILE_NAME_FIELD]);
      else rmSync(`${path}.name`, { force: true });
      renameSync(`${path}.part`, path);
      return { ok: true, key: policy.key, size, redirect: policy.redirect };
    },
    async readStart(key, bytes) {
      const path = pathOf(key);
      if (!existsSync(path)) return undefined;
      const handle = await open(path);
      try {
        const head = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(head, 0, bytes, 0);
        const fileName = existsSync(`${path}.name`) ? readFileSync(`${path}.name`, 'utf8') : undefined;
        return { head: head.subarray(0, bytesRead), size: statSync(path).size, ...(fileName !== undefined ? { fileName } : {}) };
      } finally {
        await handle.close();
      }
    },
    async accept(key) {
      rmSync(`${pathOf(key)}.pending`, { force: true });
    },
    async remove(key) {
      forget(pathOf(key));
    },
    download(url) {
      const key = decodeURIComponent(url.pathname.slice(linkPath.length));
      const [filename, expires, signature, type] = ['filename', 'expires', 'signature', 'type'].map((name) => url.searchParams.get(name) ?? '');
      if (!holds(signature!, sign(key, `${filename}\n${type}`, expires!)) || !(Date.parse(expires!) > Date.now())) return undefined;
      const path = pathOf(key);
      return existsSync(path) ? { path, filename: filename!, contentType: type || readFileSync(`${path}.type`, 'utf8') } : undefined;
    },
  };
}
