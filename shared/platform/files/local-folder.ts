import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from './file-store.ts';

/** The local server's path of kept files: the stand-in for S3's presigned URLs. */
export const LOCAL_FILES_PATH = '/local-files/';

export interface LocalDownload {
  readonly path: string;
  readonly filename: string;
  readonly contentType: string;
}

/** The local folder of kept files, which can also say whether a download link it made is still good. */
export interface LocalFileFolder extends FileStore {
  /** The file a link names, when its signature holds and it has not expired; undefined otherwise. */
  download(url: URL): LocalDownload | undefined;
}

/**
 * The records bucket on one machine: each file under `dir` by its key, its type beside it. A link carries an
 * expiry and an HMAC of key, name and expiry under a secret made at start, as a presigned URL carries its
 * signature, so a link is good for its minutes and for that file only.
 */
export function localFileFolder(dir: string, baseUrl: string): LocalFileFolder {
  const secret = randomBytes(32);
  const pathOf = (key: string) => {
    const path = resolve(dir, key);
    if (!path.startsWith(resolve(dir) + sep)) throw new Error(`a file key must stay inside the folder: ${key}`);
    return path;
  };
  const sign = (key: string, filename: string, expires: string) => createHmac('sha256', secret).update(`${key}\n${filename}\n${expires}`).digest('base64url');
  return {
    async put(file) {
      const path = pathOf(file.key);
      mkdirSync(dirname(path), { recursive: true });
      const body = typeof file.body === 'string' || file.body instanceof Uint8Array ? Readable.from([file.body]) : file.body;
      await pipeline(body, createWriteStream(path));
      writeFileSync(`${path}.type`, file.contentType);
    },
    async downloadLink(key, filename, seconds) {
      const expiresAt = new Date(Date.now() + seconds * 1000).toISOString();
      const query = new URLSearchParams({ filename, expires: expiresAt, signature: sign(key, filename, expiresAt) });
      return { url: `${baseUrl}${LOCAL_FILES_PATH}${key}?${query}`, expiresAt };
    },
    download(url) {
      const key = decodeURIComponent(url.pathname.slice(LOCAL_FILES_PATH.length));
      const [filename, expires, signature] = ['filename', 'expires', 'signature'].map((name) => url.searchParams.get(name) ?? '');
      const expected = Buffer.from(sign(key, filename!, expires!));
      const given = Buffer.from(signature!);
      if (given.length !== expected.length || !timingSafeEqual(given, expected) || !(Date.parse(expires!) > Date.now())) return undefined;
      const path = pathOf(key);
      return existsSync(path) ? { path, filename: filename!, contentType: readFileSync(`${path}.type`, 'utf8') } : undefined;
    },
  };
}
