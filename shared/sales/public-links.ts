/**
 * An invoice's public page: a link a customer opens without an account. Its token is an HMAC-SHA256 of the
 * business and invoice ids under a service secret (256 bits, base64url), so the link is the same on every call and
 * cannot be guessed or forged from an invoice id; the table keeps only the token's hash, which finds the invoice
 * (`shared/platform/links/link-secret.ts`).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config.ts';
import { publicOrigin } from '../platform/links/public-origin.ts';
import { linkToken, LINK_TOKEN, tokenHashOf } from '../platform/links/link-secret.ts';
import { db, tableName } from '../platform/db/client.ts';
import { type Key } from '../platform/db/keys.ts';
import { getItem } from '../platform/db/query.ts';
import { addToWindow } from '../platform/db/window-counter.ts';
import { NotFound, RateLimited } from '../platform/core/errors.ts';
import type { Id } from '../platform/core/ids.ts';
import { secondsLeft, windowOf, WINDOW_SECONDS } from '../platform/limits/rate-limits.ts';
import { documentStore } from '../ledger/index.ts';
import type { DocumentRecord } from '../ledger/index.ts';

export async function invoiceToken(businessId: Id, invoiceId: Id): Promise<string> {
  return linkToken(`invoice-link:v1:${businessId}:${invoiceId}`);
}

/**
 * The invoice's public link: its token derived, its lookup written (again, harmlessly, on every call:
 * the same token, the same item).
 */
export async function publicInvoiceLink(businessId: Id, invoiceId: Id): Promise<{ readonly url: string }> {
  const stored = await documentStore.get(businessId, invoiceId);
  if (!stored || stored.record.type !== 'invoice') throw new NotFound('invoice');
  const token = await invoiceToken(businessId, invoiceId);
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...publicLinkKey(tokenHashOf(token)), entity: 'PUBLICLINK', business_id: businessId, invoice_id: invoiceId } }));
  return { url: publicLinkUrl(token) };
}

/** Under the configured base, never a request's headers (see `publicOrigin`). */
export const publicLinkUrl = (token: string) => `${publicOrigin()}/i/${token}`;

/** The invoice a token opens, or 404 for any token that opens none (malformed, forged, never published). */
export async function invoiceByToken(token: string): Promise<{ readonly businessId: Id; readonly invoice: DocumentRecord }> {
  if (!LINK_TOKEN.test(token)) throw new NotFound('invoice');
  const link = await getItem(publicLinkKey(tokenHashOf(token)));
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
  const counted = await addToWindow(addressRateKey(tokenHashOf(`public-page:${address}`)), window, { requests: 1 }, (window + 1) * WINDOW_SECONDS + 60);
  if (Number(counted.requests ?? 0) > config().PUBLIC_PAGE_LIMIT) throw new RateLimited(secondsLeft(nowMs));
}

/** A public invoice link, found by the hash of its token (the token itself is never stored). */
export function publicLinkKey(tokenHash: string): Key {
  return { pk: `PUBLICLINK#${tokenHash}`, sk: 'PUBLICLINK' };
}

/** One client address's requests to the public pages in the current minute (the address hashed). */
export function addressRateKey(addressHash: string): Key {
  return { pk: `ADDRESSRATE#${addressHash}`, sk: 'ADDRESSRATE' };
}
