import { afterEach, describe, expect, it, vi } from 'vitest';

/** The web helpers under a fresh configuration (config() is read once per module load). */
async function webWith(stage: 'aws' | 'local' | undefined) {
  vi.resetModules();
  vi.stubEnv('TABLE_NAME', 'unit');
  vi.stubEnv('SERVICE_STAGE', stage);
  // The run's local runtime leaves its own http base in the environment, which no AWS stage would accept.
  vi.stubEnv('PUBLIC_URL', stage === 'local' ? 'http://localhost:3000' : 'https://books.example.com');
  return import('../../shared/platform/http/web.ts');
}

async function pageWith(stage: 'aws' | 'local' | undefined) {
  return (await webWith(stage)).html(200, '<p>page</p>').headers as Record<string, string>;
}

const eventWithCookies = (cookies: string[]) => ({ cookies }) as unknown as Parameters<Awaited<ReturnType<typeof webWith>>['cookieOf']>[0];

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('HTML pages', () => {
  it('on AWS tell browsers to keep to HTTPS (Strict-Transport-Security), beside the frame, sniffing and script rules', async () => {
    for (const headers of [await pageWith('aws'), await pageWith(undefined)]) {
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['content-security-policy']).toContain("default-src 'none'");
      // Scripts only from the service itself: never inline, never another origin.
      expect(headers['content-security-policy']).toContain("script-src 'self';");
      expect(headers['content-security-policy']).not.toContain('unsafe-inline');
    }
  });

  it('in the local runtime, which serves plain HTTP, send no HSTS', async () => {
    expect((await pageWith('local'))['strict-transport-security']).toBeUndefined();
  });
});

describe('cookies', () => {
  it('on AWS are __Host- cookies: Secure, the whole site, set by this host only; a cookie without the prefix is not read', async () => {
    const { setCookie, cookieOf } = await webWith('aws');
    expect(setCookie('session', 'ses_1', 60)).toBe('__Host-session=ses_1; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure');
    expect(cookieOf(eventWithCookies(['__Host-session=ses_1']), 'session')).toBe('ses_1');
    // A planted cookie of the bare name (a sibling subdomain can set one; it cannot set a __Host- cookie) is ignored.
    expect(cookieOf(eventWithCookies(['session=planted']), 'session')).toBeUndefined();
  });

  it('in the local runtime, over plain HTTP, keep their names (the prefix needs Secure)', async () => {
    const { setCookie, cookieOf } = await webWith('local');
    expect(setCookie('pre_csrf', 'n', 30)).toBe('pre_csrf=n; Path=/; Max-Age=30; HttpOnly; SameSite=Lax');
    expect(cookieOf(eventWithCookies(['pre_csrf=n']), 'pre_csrf')).toBe('n');
  });
});
