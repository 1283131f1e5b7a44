/**
 * Runs actions that share a key one after another within this process. Postings of one business to one number
 * series all contend for its last number; letting them race inside one process only multiplies lost attempts.
 * Across processes (Lambda instances, each serving one request at a time) nothing changes: the transaction's
 * conditions still decide who commits first.
 */
const tails = new Map<string, Promise<unknown>>();

export async function serialized<T>(key: string, action: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  const run = previous.then(action, action);
  const tail = run.catch(() => undefined);
  tails.set(key, tail);
  try {
    return await run;
  } finally {
    if (tails.get(key) === tail) tails.delete(key);
  }
}
