/**
 * The window [offset, offset + limit) of two lists merged in order, one read from the store by offset, the other
 * (short) in memory. The stored one is read from `offset - inMemory.length` for `limit + inMemory.length` entries:
 * every stored entry of the window lies there. An in-memory entry's place counts the stored entries before it that
 * were read; where some before it were not (it sorts before the read, or after its end), that place is off only for
 * an entry that falls outside the window either way.
 */
export async function mergedWindow<T>(readStored: (offset: number, limit: number) => Promise<T[]>, inMemory: readonly T[], key: (entry: T) => string, offset: number, limit: number): Promise<T[]> {
  const from = Math.max(0, offset - inMemory.length);
  const stored = await readStored(from, limit + inMemory.length);
  const storedKeys = stored.map(key);
  const memoryKeys = inMemory.map(key);
  const before = (keys: readonly string[], own: string) => keys.filter((other) => other < own).length;
  const placed = [
    ...stored.map((entry, index) => ({ at: from + index + before(memoryKeys, storedKeys[index]!), entry })),
    ...inMemory.map((entry, index) => ({ at: from + before(storedKeys, memoryKeys[index]!) + index, entry })),
  ];
  return placed.filter((item) => item.at >= offset && item.at < offset + limit).sort((a, b) => a.at - b.at).map((item) => item.entry);
}
