/**
 * A gate every write of a request waits behind: the request's quota verdict, counted in parallel with the
 * request's own reads, must allow it before anything is written (api.md: past the quota nothing is written). The
 * DynamoDB client awaits the gate of the request it runs in before sending any write (`client.ts`), so no use case
 * can forget it; reads go ahead at once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const gates = new AsyncLocalStorage<Promise<void>>();

/** Runs `work` with every DynamoDB write inside it held until `gate` settles (and refused when it rejects). */
export function withWriteGate<T>(gate: Promise<void>, work: () => Promise<T>): Promise<T> {
  // A gate that rejects while no write waits on it is still answered by whoever awaits it after the work.
  gate.catch(() => {});
  return gates.run(gate, work);
}

/** Resolves when the current request's writes may go ahead; rejects with the gate's refusal. */
export async function writesAllowed(): Promise<void> {
  await gates.getStore();
}
