import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, runtime, useRuntimeTable } from '../integration/support.ts';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = join(import.meta.dirname, '../../test-results');

let browser: Browser;
let callbackServer: Server;
let redirectUri: string;
let client: { client_id: string; secret: string };

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium package`);
  // The app's own callback: a real page the browser lands on, so the test reads the URL it was sent to.
  callbackServer = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Back at the app</h1>'));
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', () => resolve()));
  redirectUri = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/callback`;
  useRuntimeTable();
  const { registerClient } = await import('../../shared/access/oauth/clients.ts');
  const registered = await registerClient({ name: 'Browser Test App', redirect_uris: [redirectUri] });
  client = { client_id: registered.client.client_id, secret: registered.secret };
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  callbackServer?.close();
});

const authorizeUrl = (state: string) =>
  `${runtime.baseUrl}/oauth/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: redirectUri, response_type: 'code', state, scope: 'sales_customers:read sales_customers:create sales_invoices:read' })}`;

describe('consent in a real browser', () => {
  it('sign in, untick one scope, approve: the code comes back with the state, and the token lacks that scope', async () => {
    const page = await browser.newPage();
    await page.goto(authorizeUrl('browser-state-1'));
    expect(page.url()).toContain('/oauth/sign-in');
    await page.getByLabel('Email').fill(runtime.credentials.user.email);
    await page.getByLabel('Password').fill(runtime.credentials.user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/oauth\/authorize\?/);
    await expect.poll(() => page.getByRole('heading').first().textContent()).toContain('Browser Test App');
    // The seeded user owns two businesses: the picker is there; take the first.
    expect(await page.getByRole('radio').count()).toBe(2);
    const scopes = page.getByRole('checkbox');
    expect(await scopes.count()).toBe(3);
    for (const box of await scopes.all()) expect(await box.isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'sales_customers:create' }).uncheck();
    await page.screenshot({ path: join(SCREENSHOTS, 'consent.png'), fullPage: true });
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/callback\?/);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('state')).toBe('browser-state-1');
    const code = landed.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const response = await fetch(`${runtime.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: client.client_id, client_secret: client.secret }),
    });
    const tokens = (await response.json()) as { access_token: string; scope: string };
    expect(tokens.scope.split(' ').sort()).toEqual(['sales_customers:read', 'sales_invoices:read']);
    expect((await call('GET', '/api/v1/customers', { key: tokens.access_token })).status).toBe(200);
    const refused = await call('POST', '/api/v1/customers', { key: tokens.access_token, body: { name: 'Needs create' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error_description).toContain('sales_customers:create');
    await page.close();
  });

  it('cancel returns error=access_denied with the state', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(authorizeUrl('browser-state-2'));
    await page.getByLabel('Email').fill(runtime.credentials.user.email);
    await page.getByLabel('Password').fill(runtime.credentials.user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/oauth\/authorize\?/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/callback\?/);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('state')).toBe('browser-state-2');
    expect(landed.searchParams.get('code')).toBeNull();
    await context.close();
  });
});
