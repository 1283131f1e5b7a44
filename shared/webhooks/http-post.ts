import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { guardedLookup, type GuardOptions } from './ssrf.ts';

export interface PostOutcome {
  readonly statusCode: number | null;
  readonly retryAfter: string | undefined;
  readonly durationMs: number;
  readonly error: string | null;
}

/**
 * One webhook POST: node's own http client, so redirects are never followed (a 3xx is just an answer), every
 * address is checked by the SSRF guard inside the connection's DNS lookup, and the whole exchange, answer body
 * included, must finish within `timeoutMs`.
 */
export function postWebhook(url: string, headers: Record<string, string>, body: string, timeoutMs: number, guard: GuardOptions): Promise<PostOutcome> {
  const started = performance.now();
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: Math.round(performance.now() - started) });
    };
    const outgoing = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'ledger-service-webhooks/1' },
        lookup: guardedLookup(guard) as never,
        agent: false,
      },
      (response: IncomingMessage) => {
        // Drain the answer (a receiver's body is never stored) so the socket can close.
        response.resume();
        response.on('end', () => finish({ statusCode: response.statusCode ?? null, retryAfter: response.headers['retry-after'], error: null }));
        response.on('error', (error) => finish({ statusCode: response.statusCode ?? null, retryAfter: undefined, error: error.message }));
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, retryAfter: undefined, error: `timed out after ${timeoutMs} ms` });
      outgoing.destroy();
    }, timeoutMs);
    outgoing.on('error', (error: NodeJS.ErrnoException) => finish({ statusCode: null, retryAfter: undefined, error: error.code ? `${error.code}: ${error.message}` : error.message }));
    outgoing.end(body);
  });
}
