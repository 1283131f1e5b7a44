import { describe, expect, it } from 'vitest';
import { HashingBusy, MAX_WAITING_HASHES, verifyPassword } from '../../shared/access/users/passwords.ts';

// A stored hash with cheap parameters (N=2^10), so the test exercises the queue, not the CPU.
const CHEAP = 'scrypt$1024$8$1$c2FsdHNhbHRzYWx0c2FsdA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

describe('password hashing in one process', () => {
  it('runs one hash at a time and refuses, instead of queueing, past the waiting limit', async () => {
    const attempts = Array.from({ length: MAX_WAITING_HASHES + 9 }, () => verifyPassword('guess', CHEAP).then(() => 'checked', (error: unknown) => (error instanceof HashingBusy ? 'busy' : 'failed')));
    const outcomes = await Promise.all(attempts);
    // One running, MAX_WAITING_HASHES waiting: the rest are turned away at once.
    expect(outcomes.filter((outcome) => outcome === 'busy')).toHaveLength(8);
    expect(outcomes.filter((outcome) => outcome === 'checked')).toHaveLength(MAX_WAITING_HASHES + 1);
  });

  it('does the same work with no account as with one, and never matches without one', async () => {
    expect(await verifyPassword('anything', undefined)).toBe(false);
  });
});
