/**
 * An invoice's public page: a link a customer opens without an account. Its token is an HMAC-SHA256 of the
 * business and invoice ids under a service secret (256 bits, base64url), so the link is the same on every call and
 * cannot be guessed or forged from an invoice id; the table keeps only the token's hash, which finds the invoice.
 * The secret is a Secrets Manager secret on AWS (never rotated: a rotation would break every link sent), a file
 * beside the data locally.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';
import { db, tableName } from '../db/client.ts';
import { addressRateKey, publicLinkKey } from '../db/keys.ts';
import { getItem } from '../db/query.ts';
import { addToWindow } from '../db/window-counter.ts';
import { tracer } from '../db/telemetry.ts';
import { NotFound, RateLimited } from '../domain/errors.ts';
import type { Id } from '../domain/ids.ts';
import { secondsLeft, windowOf, WINDOW_SECONDS } from '../domain/rate-limits.ts';
import { documentStore, type DocumentRecord } from './records.ts';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

let secret: Promise<Buffer> | undefined;

async function readSecret(): Promise<Buffer> {
  const { LINK_SECRET_ARN, LINK_SECRET_FILE } = config();
  if (LINK_SECRET_ARN) {
    const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
    const answer = await tracer.captureAWSv3Client(new SecretsManagerClient({ region: config().AWS_REGION })).send(new GetSecretValueCommand({ SecretId: LINK_SECRET_ARN }));
    return Buffer.from(answer.SecretString ?? '', 'utf8');
  }
  if (!LINK_SECRET_FILE) throw new Error('No link secret is configured (LINK_SECRET_ARN or LINK_SECRET_FILE)');
  return readFileSync(LINK_SECRET_FILE);
}

/** The local runtime's link secret: made once, kept beside the data (with --memory too, like the credentials). */
export function ensureLocalLinkSecret(file: string): void {
  if (existsSync(file)) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function invoiceToken(businessId: Id, invoiceId: Id): Promise<string> {
  secret ??= readSecret();
  return createHmac('sha256', await secret).update(`invoice-link:v1:${businessId}:${invoiceId}`).digest('base64url');
}

/**
 * The invoice's public link under `origin`: its token derived, its lookup written (again, harmlessly, on every call:
 * the same token, the same item).
 */
export async function publicInvoiceLink(businessId: Id, invoiceId: Id, origin: string): Promise<{ readonly url: string }> {
  const stored = await documentStore.get(businessId, invoiceId);
  if (!stored || stored.record.type !== 'invoice') throw new NotFound('invoice');
  const token = await invoiceToken(businessId, invoiceId);
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...publicLinkKey(hashOf(token)), entity: 'PUBLICLINK', business_id: businessId, invoice_id: invoiceId } }));
  return { url: publicLinkUrl(origin, token) };
}

export const publicLinkUrl = (origin: string, token: string) => `${origin}/i/${token}`;

/** The invoice a token opens, or 404 for any token that opens none (malformed, forged, never published). */
export async function invoiceByToken(token: string): Promise<{ readonly businessId: Id; readonly invoice: DocumentRecord }> {
  if (!TOKEN.test(token)) throw new NotFound('invoice');
  const link = await getItem(publicLinkKey(hashOf(token)));
  const businessId = link?.business_id as Id | undefined;
  const stored = businessId ? await documentStore.get(businessId, link!.invoice_id as Id) : undefined;
  if (!businessId || !stored || stored.record.type !== 'invoice') throw new NotFound('invoice');
  return { businessId, invoice: stored.record };
}

/**
 * Counts a request to the public pages against its client address's minute (never against a business's quota):
 * past `PUBLIC_PAGE_LIMIT`, 429 with the seconds until the next minute. One UpdateItem; the item expires with its
 * minute.
 */
export async function countPublicRequest(address: string, nowMs = Date.now()): Promise<void> {
  const window = windowOf(nowMs);
  const counted = await addToWindow(addressRateKey(createHash('sha256').update(`public-page:${address}`).digest('hex')), window, { requests: 1 }, (window + 1) * WINDOW_SECONDS + 60);
  if (Number(counted.requests ?? 0) > config().PUBLIC_PAGE_LIMIT) throw new RateLimited(secondsLeft(nowMs));
}
