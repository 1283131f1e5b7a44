import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, parseRetryAfter, retryDelaySeconds } from '../../shared/webhooks/webhook-schedule.ts';
import { newWebhookSecret, signature, signatureHeader } from '../../shared/webhooks/signing.ts';
import { addressProblem, guardedLookup, resolvedProblem, urlProblem } from '../../shared/webhooks/ssrf.ts';

describe('Standard Webhooks signing', () => {
  it('signs the published test vector as published', () => {
    expect(signature('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('is verified by the standardwebhooks package, with either secret during a rotation', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ id: 'evt_1', type: 'invoice.paid' });
    const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(timestamp), 'webhook-signature': signatureHeader([current, previous], 'evt_1', timestamp, body) };
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});

describe('the retry schedule', () => {
  it('retries first within 10 seconds and keeps trying for about three days', () => {
    expect(retryDelaySeconds(1, null, 1, () => 1)).toBeLessThanOrEqual(10);
    const total = RETRY_DELAYS_SECONDS.reduce((sum, delay) => sum + delay, 0);
    expect(total / 86_400).toBeGreaterThan(2.5);
    expect(total / 86_400).toBeLessThan(3.5);
    expect(retryDelaySeconds(MAX_ATTEMPTS, null)).toBeNull();
  });

  it("gives the delivery queue one receive per attempt: the first and one after each pause, then the dead-letter queue", () => {
    expect(RETRY_DELAYS_SECONDS.length + 1).toBe(MAX_ATTEMPTS);
    expect(retryDelaySeconds(MAX_ATTEMPTS - 1, null, 1, () => 0.5)).toBe(RETRY_DELAYS_SECONDS.at(-1));
  });

  it('jitters by at most 20 %, honours Retry-After, never pauses past 12 hours, and scales', () => {
    expect(retryDelaySeconds(3, null, 1, () => 0)).toBeCloseTo(240);
    expect(retryDelaySeconds(3, null, 1, () => 1)).toBeCloseTo(360);
    expect(retryDelaySeconds(1, 120, 1, () => 0.5)).toBe(120);
    expect(retryDelaySeconds(1, 10 ** 9, 1)).toBe(43_200);
    expect(retryDelaySeconds(2, null, 0.001, () => 0.5)).toBeCloseTo(0.06);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(55);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(undefined)).toBeNull();
  });
});

describe('the SSRF guard', () => {
  const aws = { allowLoopback: false };
  const local = { allowLoopback: true };

  it.each([
    'http://example.com/hook',
    'ftp://example.com/hook',
    'https://user:secret@example.com/hook',
    'not a url',
    'https://10.0.0.1/hook',
    'https://172.16.5.4/hook',
    'https://192.168.1.10/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://127.0.0.1/hook',
    'https://0.0.0.0/hook',
    'https://2130706433/hook',
    'https://0177.0.0.1/hook',
    'https://0x7f.0.0.1/hook',
    'https://167772161/hook',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:10.0.0.1]/hook',
    'https://[fe80::1]/hook',
    'https://[fd00::1]/hook',
    'https://100.64.0.1/hook',
  ])('refuses %s on AWS', (url) => {
    expect(urlProblem(url, aws)).not.toBeNull();
  });

  it('allows a public https address on AWS, and http to loopback only in the local runtime', () => {
    expect(urlProblem('https://93.184.215.14/hook', aws)).toBeNull();
    expect(urlProblem('https://hooks.example.com/x', aws)).toBeNull();
    expect(urlProblem('http://127.0.0.1:8080/hook', local)).toBeNull();
    expect(urlProblem('http://localhost:8080/hook', local)).toBeNull();
    expect(urlProblem('http://10.0.0.1/hook', local)).not.toBeNull();
    expect(urlProblem('http://127.0.0.1:8080/hook', aws)).not.toBeNull();
  });

  it('checks what a name resolves to, at registration and inside the connection', async () => {
    expect(await resolvedProblem('localhost', aws)).not.toBeNull();
    expect(await resolvedProblem('localhost', local)).toBeNull();
    const refused = await new Promise<NodeJS.ErrnoException | null>((resolve) => guardedLookup(aws)('localhost', {}, (error) => resolve(error)));
    expect(refused?.code).toBe('EBLOCKED');
    expect(addressProblem('8.8.8.8', aws)).toBeNull();
    expect(addressProblem('2606:4700:4700::1111', aws)).toBeNull();
    expect(addressProblem('::ffff:8.8.8.8', aws)).not.toBeNull();
    expect(addressProblem('::1', local)).toBeNull();
  });
});
