/**
 * `npm run bench:members`: what one dashboard request reads for a user of 1, 30 and 300 businesses, against the
 * local runtime in memory, counted with SDK middleware (round trips, items, bytes of items): the figures carry over
 * to DynamoDB. Beside each, the size of the user item the request read before member records, when the user's
 * memberships lived on it (computed from the same memberships: that item grew with every business).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalRuntime } from '../../infra/local/runtime.ts';

const SIZES = [1, 30, 300];
const REQUESTS = 5;
const PASSWORD = 'correct horse battery staple 9';

const dataDir = mkdtempSync(join(tmpdir(), 'members-bench-'));
const runtime = await startLocalRuntime({ port: 0, dataDir, memory: true, rateLimits: { api: 1_000_000, postings: 1_000_000 } });
try {
  const { db } = await import('../../shared/platform/db/client.ts');
  const { createBusiness } = await import('../../shared/access/businesses/businesses.ts');
  const { createUser } = await import('../../shared/access/members/members.ts');
  const tally = { calls: 0, items: 0, bytes: 0 };
  db().middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const output = (result.output ?? {}) as { Item?: object; Items?: object[]; Responses?: Record<string, object[]> };
      const items = [...(output.Item ? [output.Item] : []), ...(output.Items ?? []), ...Object.values(output.Responses ?? {}).flat()];
      tally.calls += 1;
      tally.items += items.length;
      tally.bytes += items.reduce((sum, item) => sum + JSON.stringify(item).length, 0);
      return result;
    },
    { step: 'initialize', name: 'membersBenchTally' },
  );

  console.log('one dashboard request (GET /dashboard/customers), mean of 5, by the businesses its user belongs to:');
  for (const size of SIZES) {
    const businesses = [];
    for (let index = 0; index < size; index += 1) businesses.push(await createBusiness({ name: `Client ${index + 1}`, currency: 'USD' }));
    const email = `accountant-of-${size}@example.test`;
    const memberships = businesses.map((business) => ({ business_id: business.id, role: 'accountant' as const }));
    await createUser({ email, name: `Accountant of ${size}`, password: PASSWORD, memberships });

    const form = await fetch(`${runtime.baseUrl}/oauth/sign-in`);
    const nonce = form.headers.getSetCookie().find((cookie) => cookie.startsWith('pre_csrf='))!.split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())![1]!;
    const signedIn = await fetch(`${runtime.baseUrl}/oauth/sign-in`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: nonce }, body: new URLSearchParams({ csrf, email, password: PASSWORD, return_to: '/dashboard' }).toString() });
    const session = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith('session='))!.split(';')[0]!;
    const picked = `dashboard_business=${businesses.at(-1)!.id}`;
    for (const [label, cookie] of [['first business', session], ['a picked one', `${session}; ${picked}`]] as const) {
      await fetch(`${runtime.baseUrl}/dashboard/customers`, { headers: { cookie } });
      Object.assign(tally, { calls: 0, items: 0, bytes: 0 });
      for (let request = 0; request < REQUESTS; request += 1) {
        const answer = await fetch(`${runtime.baseUrl}/dashboard/customers`, { headers: { cookie } });
        if (answer.status !== 200) throw new Error(`dashboard answered ${answer.status}`);
        await answer.text();
      }
      const legacyUserBytes = JSON.stringify({ memberships }).length;
      console.log(`  ${String(size).padStart(3)} businesses, ${label.padEnd(14)}: ${(tally.calls / REQUESTS).toFixed(1)} round trips, ${(tally.items / REQUESTS).toFixed(1)} items, ${Math.round(tally.bytes / REQUESTS)} bytes read · before, the user item alone carried ${legacyUserBytes} bytes of memberships`);
    }
  }
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
