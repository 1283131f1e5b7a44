import { describe, expect, it } from 'vitest';
import { conflictDelayMs, IMMEDIATE_RETRIES } from '../../shared/platform/db/conflict-retry.ts';

describe('the wait after a lost race', () => {
  it('retries at once when the winner has committed, the first few times', () => {
    for (let losses = 1; losses <= IMMEDIATE_RETRIES; losses++) expect(conflictDelayMs(losses, true, () => 0.99)).toBe(0);
  });

  it('waits about one transaction while the winner is still committing', () => {
    expect(conflictDelayMs(1, false, () => 0)).toBeGreaterThan(0);
    expect(conflictDelayMs(1, false, () => 0.99)).toBeLessThan(20);
  });

  it('backs off with jitter only after repeated losses, within a ceiling', () => {
    expect(conflictDelayMs(IMMEDIATE_RETRIES + 1, true, () => 0.99)).toBeGreaterThan(0);
    const waits = Array.from({ length: 20 }, (_, index) => conflictDelayMs(IMMEDIATE_RETRIES + 1 + index, true, () => 0.99));
    expect(waits.every((wait, index) => index === 0 || wait >= waits[index - 1]!)).toBe(true);
    expect(Math.max(...waits)).toBeLessThanOrEqual(80);
    expect(conflictDelayMs(50, false, () => 0)).toBe(0);
  });
});
