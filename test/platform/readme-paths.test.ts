import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/**
 * Every file or folder of the repository the README names, in a link or in code quotes: a path under one of the
 * repository's own top-level folders, or one that leaves the repository (`../`), which a clone does not have. Paths with placeholders (`<DATA_DIR>/mail/`) and
 * the data the service writes (`.data/`) are not files of the repository.
 */
export function namedPaths(markdown: string): string[] {
  const candidates = [...markdown.matchAll(/\]\(([^)#\s]+)\)|`([^`\s]+)`/g)].map((match) => (match[1] ?? match[2])!);
  const top = /^(\.\.\/|docs\/|shared\/|functions\/|events\/|infra\/|test\/|sdk\/|\.ci\/)/;
  return [...new Set(candidates.filter((path) => top.test(path) && !/[<>*…{}$]/.test(path) && !path.startsWith('.data')))];
}

describe('the README', () => {
  it('names only files that exist in the repository (nothing outside it, such as ../shared/docs)', () => {
    const named = namedPaths(readFileSync(join(root, 'README.md'), 'utf8'));
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((path) => path.startsWith('../') || !existsSync(join(root, path.split(':')[0]!)))).toEqual([]);
  });

  it('would catch a missing file (the check can fail)', () => {
    expect(namedPaths('see `docs/no-such-note.md` and [spec](../shared/docs/spec.md) and `npm start`')).toEqual(['docs/no-such-note.md', '../shared/docs/spec.md']);
  });
});
