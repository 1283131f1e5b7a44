import { describe, expect, it } from 'vitest';
import { decideMailQuota, HOUR_SECONDS } from '../../shared/platform/mail/mail-quota.ts';

const at = (hour: number, second = 0) => (hour * HOUR_SECONDS + second) * 1000;

describe('the e-mail quota', () => {
  it('allows recipients up to the limit within an hour, then refuses until the next hour', () => {
    expect(decideMailQuota(undefined, 500, at(10), 500)).toMatchObject({ allowed: true, fresh: true, room: 0 });
    expect(decideMailQuota({ hour: 10, recipients: 499, limit: null }, 1, at(10, 5), 500)).toMatchObject({ allowed: true, fresh: false, room: 499 });
    expect(decideMailQuota({ hour: 10, recipients: 499, limit: null }, 2, at(10, 600), 500)).toEqual({ allowed: false, retryAfterSeconds: 3000, used: 499, limit: 500 });
  });

  it("starts afresh in a new hour, and uses the business's own limit when it has one", () => {
    expect(decideMailQuota({ hour: 9, recipients: 500, limit: null }, 50, at(10), 500)).toMatchObject({ allowed: true, fresh: true });
    expect(decideMailQuota({ hour: 10, recipients: 3, limit: 5 }, 3, at(10), 500)).toMatchObject({ allowed: false, limit: 5 });
    expect(decideMailQuota({ hour: 10, recipients: 0, limit: 0 }, 1, at(10), 500)).toMatchObject({ allowed: false });
  });
});
