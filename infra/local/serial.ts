/**
 * Runs actions that share a key one after another within this process. Only the local runtime needs it: there
 * one process serves every request, so concurrent postings of one caller to one route would race for the same
 * number series inside it and only multiply lost attempts. On AWS each Lambda instance serves one request at a
 * time; the posting transaction's conditions decide between instances, and a number series' queue
 * (`shared/platform/db/series-turn.ts`) takes them in turns when they contend.
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
