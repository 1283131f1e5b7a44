import { afterEach, describe, expect, it, vi } from 'vitest';

/** The page responder as a function of a fresh configuration (config() is read once per module load). */
async function pageWith(stage: 'aws' | 'local' | undefined) {
  vi.resetModules();
  vi.stubEnv('TABLE_NAME', 'unit');
  vi.stubEnv('SERVICE_STAGE', stage);
  const { html } = await import('../../shared/http/web.ts');
  return html(200, '<p>page</p>').headers as Record<string, string>;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('HTML pages', () => {
  it('on AWS tell browsers to keep to HTTPS (Strict-Transport-Security), beside the frame, sniffing and script rules', async () => {
    for (const headers of [await pageWith('aws'), await pageWith(undefined)]) {
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['content-security-policy']).toContain("default-src 'none'");
    }
  });

  it('in the local runtime, which serves plain HTTP, send no HSTS', async () => {
    expect((await pageWith('local'))['strict-transport-security']).toBeUndefined();
  });
});
