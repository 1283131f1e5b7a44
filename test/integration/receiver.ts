import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly at: number;
}

/** What the receiver does with the n-th request (0-based): answer a status, hang, or reset the connection. */
export type Behaviour = (index: number) => { status: number; headers?: Record<string, string> } | 'hang' | 'reset';

/** A real HTTP receiver on loopback that records every request and answers as its behaviour says. */
export async function startReceiver(behaviour: Behaviour = () => ({ status: 200 })) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const index = received.length;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const action = behaviour(index);
      if (action === 'reset') return request.socket.destroy();
      if (action === 'hang') return setTimeout(() => response.writable && response.end(), 5_000).unref();
      response.writeHead(action.status, action.headers);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    types: () => received.map((request) => (JSON.parse(request.body) as { type: string }).type),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * How long a test waits for what the table's stream feeds (projections, the audit chain, webhook deliveries, mail).
 * The in-process stream is one reader for every file the suite runs at once: on CI's 2 cores, under the import and
 * property sweeps, it once fell more than 15 s behind (stop 61, the suggestions test), and in stop 63's full run
 * more than 45 s (the same test), though it follows within a second when the machine is quiet. A wait ends when its
 * check holds, so the bound costs a passing run nothing.
 */
export const STREAM_LAG_MS = 90_000;

/** Polls until `check` holds or the time is up; answers whether it held. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, everyMs = 50): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return check();
}
