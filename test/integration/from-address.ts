import { request } from 'node:http';
import { expectDocumentedStatus, runtime } from './support.ts';

export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

/**
 * One HTTP request to the local runtime sent from a loopback address of the test's choosing (127.0.0.0/8 all
 * reaches the runtime on 127.0.0.1), so tests of per-address limits lock only their own address.
 */
export function requestFrom(localAddress: string, method: string, path: string, options: { headers?: Record<string, string>; body?: string | Uint8Array } = {}): Promise<RawAnswer> {
  const url = new URL(path, runtime.baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, localAddress, headers: options.headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        try {
          expectDocumentedStatus(method, path, incoming.statusCode ?? 0);
        } catch (error) {
          reject(error);
          return;
        }
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: Buffer.concat(chunks).toString('utf8') });
      });
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

const unescapeHtml = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The whole sign-in form flow from one address: the form with its CSRF pair, then the post. */
export async function signInFrom(localAddress: string, email: string, password: string): Promise<RawAnswer> {
  const page = await requestFrom(localAddress, 'GET', '/oauth/sign-in');
  const cookie = (page.headers['set-cookie'] as string[]).find((value) => value.startsWith('pre_csrf='))!.split(';')[0]!;
  const csrf = unescapeHtml(/name="csrf" value="([^"]+)"/.exec(page.text)![1]!);
  const body = new URLSearchParams({ csrf, return_to: '/oauth/connections', email, password }).toString();
  return requestFrom(localAddress, 'POST', '/oauth/sign-in', { headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, body });
}
