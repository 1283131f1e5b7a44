import { describe, expect, it } from 'vitest';
import { newId, normalizeId } from '../../shared/platform/core/ids.ts';

describe('normalizeId', () => {
  const canonical = '0f8fad5b-d9cb-469f-a165-70867728950e';

  it.each([
    ['dashed lowercase', canonical],
    ['undashed', canonical.replaceAll('-', '')],
    ['upper case', canonical.toUpperCase()],
    ['undashed upper case', canonical.replaceAll('-', '').toUpperCase()],
  ])('returns the canonical form for %s', (_label, text) => {
    expect(normalizeId(text)).toBe(canonical);
  });

  it.each(['', 'abc', `${canonical}0`, canonical.replace('0', 'g'), '0f8fad5b-d9cb469f-a165-70867728950e', '../etc/passwd'])('rejects %j', (text) => {
    expect(normalizeId(text)).toBeNull();
  });

  it('makes ids that are already canonical', () => {
    const id = newId();
    expect(normalizeId(id)).toBe(id);
  });
});
