import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { s3FileStore } from '../../shared/platform/files/file-store.ts';
import { localFileFolder } from '../../shared/platform/files/local-folder.ts';

// The SDK's notice about Node 20 says nothing a test can act on (see infra/local/runtime.ts).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

describe('the records bucket through S3', () => {
  it('signs a GET of one key for the seconds asked, naming the file as an attachment', async () => {
    const store = s3FileStore(new S3Client({ region: 'eu-west-1', credentials }), 'records-bucket');
    const before = Date.now();
    const link = await store.downloadLink('audit-exports/b/e.jsonl', 'audit-log-2026-01-01-2026-03-31.jsonl', 300);
    const url = new URL(link.url);
    expect(url.hostname).toBe('records-bucket.s3.eu-west-1.amazonaws.com');
    expect(url.pathname).toBe('/audit-exports/b/e.jsonl');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment; filename="audit-log-2026-01-01-2026-03-31.jsonl"');
    expect(Date.parse(link.expiresAt) - before).toBeGreaterThanOrEqual(300_000);
  });

  it('uploads a stream as its type, to the bucket and key named', async () => {
    const client = new S3Client({ region: 'eu-west-1', credentials });
    const sent: { name: string; input: Record<string, unknown> }[] = [];
    // The request never leaves: the command and its input are caught as the SDK builds them, and answered.
    client.middlewareStack.add(
      (_next, context) => async (args) => {
        const input = args.input as Record<string, unknown>;
        const body = input.Body;
        sent.push({ name: String(context.commandName), input: { ...input, Body: body instanceof Uint8Array || typeof body === 'string' ? Buffer.from(body).toString() : body } });
        return { output: { $metadata: {}, ETag: '"etag"' } as never, response: {} };
      },
      { step: 'initialize', name: 'captureForTest' },
    );
    await s3FileStore(client, 'records-bucket').put({ key: 'audit-exports/b/e.jsonl', body: Readable.from(['{"a":1}\n', '{"a":2}\n']), contentType: 'application/x-ndjson' });
    expect(sent.map((command) => command.name)).toEqual(['PutObjectCommand']);
    expect(sent[0]!.input).toMatchObject({ Bucket: 'records-bucket', Key: 'audit-exports/b/e.jsonl', ContentType: 'application/x-ndjson', Body: '{"a":1}\n{"a":2}\n' });
  });
});

describe('upload forms', () => {
  it('on S3: a presigned POST whose policy binds the key, the type, the pending tag and the exact size, for the seconds asked', async () => {
    const store = s3FileStore(new S3Client({ region: 'eu-west-1', credentials }), 'records-bucket');
    const form = await store.uploadForm({ key: 'b/attachments/a', contentType: 'application/pdf', size: 48_213, seconds: 900 });
    expect(form.url).toBe('https://records-bucket.s3.eu-west-1.amazonaws.com/');
    expect(form.fields).toMatchObject({ key: 'b/attachments/a', 'Content-Type': 'application/pdf', tagging: expect.stringContaining('<Key>state</Key><Value>pending</Value>'), 'X-Amz-Signature': expect.stringMatching(/^[0-9a-f]{64}$/) });
    const policy = JSON.parse(Buffer.from(form.fields.Policy!, 'base64').toString()) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([{ bucket: 'records-bucket' }, { key: 'b/attachments/a' }, { 'Content-Type': 'application/pdf' }, { tagging: form.fields.tagging }, ['content-length-range', 48_213, 48_213]]),
    );
    expect(Math.abs(Date.parse(policy.expiration) - Date.now() - 900_000)).toBeLessThan(5_000);
  });

  it('in a local folder: kept only as the signed policy allows, tagged pending until accepted, read from its start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'uploads-'));
    const folder = localFileFolder(dir, 'http://localhost:3000', '/local-attachments/');
    const form = await folder.uploadForm({ key: 'b/attachments/a', contentType: 'text/plain', size: 5, seconds: 60 });
    expect(form.url).toBe('http://localhost:3000/local-attachments/');
    const send = (fields: Record<string, string>, text: string) => folder.receive({ fields, fileName: 'a.txt', file: Readable.from([Buffer.from(text)]) });
    expect(await send(form.fields, 'hello!')).toMatchObject({ ok: false, status: 400, code: 'EntityTooLarge' });
    expect(await send(form.fields, 'hell')).toMatchObject({ ok: false, status: 400, code: 'EntityTooSmall' });
    expect(await send({ ...form.fields, key: 'c/attachments/a' }, 'hello')).toMatchObject({ ok: false, status: 403 });
    expect(await send({ ...form.fields, 'Content-Type': 'image/png' }, 'hello')).toMatchObject({ ok: false, status: 403 });
    expect(await send({ ...form.fields, signature: 'x' }, 'hello')).toMatchObject({ ok: false, status: 403, code: 'SignatureDoesNotMatch' });
    expect(await folder.readStart('b/attachments/a', 10)).toBeUndefined();
    const old = await folder.uploadForm({ key: 'b/attachments/a', contentType: 'text/plain', size: 5, seconds: -1 });
    expect(await send(old.fields, 'hello')).toMatchObject({ ok: false, status: 403, code: 'AccessDenied' });
    expect(await send(form.fields, 'hello')).toEqual({ ok: true, key: 'b/attachments/a', size: 5, redirect: null });
    expect(existsSync(join(dir, 'b/attachments/a.pending'))).toBe(true);
    expect(await folder.readStart('b/attachments/a', 3)).toEqual({ head: Buffer.from('hel'), size: 5 });
    await folder.accept('b/attachments/a');
    expect(existsSync(join(dir, 'b/attachments/a.pending'))).toBe(false);
    await folder.remove('b/attachments/a');
    expect(await folder.readStart('b/attachments/a', 3)).toBeUndefined();
  });
});

describe('open upload forms (a plain file input: any type, a size in range, the name kept)', () => {
  it("on S3: the policy binds the key, the pending tag, the redirect and 1 byte to the maximum, and lets S3 fill the name's field", async () => {
    const store = s3FileStore(new S3Client({ region: 'eu-west-1', credentials }), 'records-bucket');
    const form = await store.openUploadForm({ key: 'b/attachments/a', maxSize: 1000, redirect: 'https://books.example/dashboard/uploads/a', seconds: 900 });
    expect(form.fields).toMatchObject({ key: 'b/attachments/a', success_action_redirect: 'https://books.example/dashboard/uploads/a', 'x-amz-meta-file-name': '${filename}' });
    expect(form.fields['Content-Type']).toBeUndefined();
    const policy = JSON.parse(Buffer.from(form.fields.Policy!, 'base64').toString()) as { conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([{ key: 'b/attachments/a' }, { tagging: form.fields.tagging }, { success_action_redirect: 'https://books.example/dashboard/uploads/a' }, ['content-length-range', 1, 1000], ['starts-with', '$x-amz-meta-file-name', '']]),
    );
    // The literal `${filename}` is no exact condition: S3 checks the policy after putting the chosen name there.
    expect(policy.conditions).not.toContainEqual({ 'x-amz-meta-file-name': '${filename}' });
  });

  it('on S3: a name kept as an RFC 2047 encoded word reads back decoded', async () => {
    const client = new S3Client({ region: 'eu-west-1', credentials });
    client.middlewareStack.add(
      () => async () => ({ output: { $metadata: {}, ContentRange: 'bytes 0-2/9', Metadata: { 'file-name': '=?UTF-8?B?UmVjaG51bmctTcOkcnoucGRm?=' }, Body: { transformToByteArray: async () => Buffer.from('%PD') } }, response: {} }) as never,
      { step: 'initialize', name: 'answerForTest' },
    );
    expect(await s3FileStore(client, 'records-bucket').readStart('b/attachments/a', 3)).toEqual({ head: Buffer.from('%PD'), size: 9, fileName: 'Rechnung-März.pdf' });
  });

  it('in a local folder: any type from 1 byte to the maximum, the chosen name kept, the redirect bound', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'uploads-'));
    const folder = localFileFolder(dir, 'http://localhost:3000', '/local-attachments/');
    const form = await folder.openUploadForm({ key: 'b/attachments/a', maxSize: 5, redirect: 'http://localhost:3000/dashboard/uploads/a', seconds: 60 });
    const send = (fields: Record<string, string>, text: string, fileName = 'März.txt') => folder.receive({ fields, fileName, file: Readable.from(text ? [Buffer.from(text)] : []) });
    expect(await send(form.fields, 'hello!')).toMatchObject({ ok: false, code: 'EntityTooLarge' });
    expect(await send(form.fields, '')).toMatchObject({ ok: false, code: 'EntityTooSmall' });
    expect(await send({ ...form.fields, success_action_redirect: 'https://elsewhere.example/' }, 'hi')).toMatchObject({ ok: false, status: 403 });
    expect(await send(form.fields, 'hi')).toEqual({ ok: true, key: 'b/attachments/a', size: 2, redirect: 'http://localhost:3000/dashboard/uploads/a' });
    expect(await folder.readStart('b/attachments/a', 10)).toEqual({ head: Buffer.from('hi'), size: 2, fileName: 'März.txt' });
    const link = await folder.downloadLink('b/attachments/a', 'März.txt', 60, 'text/plain');
    expect(folder.download(new URL(link.url))).toMatchObject({ filename: 'März.txt', contentType: 'text/plain' });
    const retyped = new URL(link.url);
    retyped.searchParams.set('type', 'text/html');
    expect(folder.download(retyped)).toBeUndefined();
  });
});

describe('the records bucket in a local folder', () => {
  it('keeps a file under its key and serves it by a link that holds for its file, name and minutes only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'files-'));
    const folder = localFileFolder(dir, 'http://localhost:3000');
    await folder.put({ key: 'audit-exports/b/e.jsonl', body: Readable.from(['one\n', 'two\n']), contentType: 'application/x-ndjson' });
    expect(readFileSync(join(dir, 'audit-exports/b/e.jsonl'), 'utf8')).toBe('one\ntwo\n');
    const link = await folder.downloadLink('audit-exports/b/e.jsonl', 'e.jsonl', 300);
    const url = new URL(link.url);
    expect(folder.download(url)).toEqual({ path: join(dir, 'audit-exports/b/e.jsonl'), filename: 'e.jsonl', contentType: 'application/x-ndjson' });
    const renamed = new URL(url);
    renamed.searchParams.set('filename', 'other.jsonl');
    expect(folder.download(renamed)).toBeUndefined();
    const expired = await folder.downloadLink('audit-exports/b/e.jsonl', 'e.jsonl', -1);
    expect(folder.download(new URL(expired.url))).toBeUndefined();
    await expect(folder.put({ key: '../outside', body: 'x', contentType: 'text/plain' })).rejects.toThrow('inside the folder');
  });
});
