/**
 * The benches' HTTP client: one JSON request and its answer, over node:http with connections kept alive.
 *
 * The client runs in the process that serves the requests, so whatever it spends per request is taken from the
 * service it measures. `fetch` (undici, with its web streams) spent about 0.6 ms of that process's CPU per receipt
 * where node:http spends about a third of it; the requests on the wire are the same.
 */
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true });

export interface Answer<T> {
  readonly status: number;
  readonly body: T;
}

/** Sends `body` as JSON (none when undefined) with the bearer `key`; the answer's JSON, or undefined when it has none. */
export function callJson<T>(baseUrl: string, key: string, method: string, path: string, body?: unknown): Promise<Answer<T>> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(`${baseUrl}${path}`, { method, agent, headers: { authorization: `Bearer ${key}`, ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }) } }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: incoming.statusCode ?? 0, body: (text ? JSON.parse(text) : undefined) as T });
      });
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** POSTs a create and answers the new record's id (the benches' set-up calls). */
export async function createdId(baseUrl: string, key: string, path: string, body: unknown): Promise<string> {
  return (await callJson<{ data: { id: string } }>(baseUrl, key, 'POST', path, body)).body.data.id;
}
