import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/engine.ts';
import { eventually, STREAM_LAG_MS, startReceiver } from './receiver.ts';

const root = resolve(import.meta.dirname, '../..');

interface Started {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly credentialsAtFirstAnswer: boolean | null;
  readonly baseUrl: string;
}

const running: ChildProcess[] = [];

afterEach(() => {
  // A child ended by a signal keeps exitCode null: only a group still running is killed.
  for (const child of running.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Gone between the check and the kill.
    }
  }
});

/** The engines running in one process group: the started service's own, whatever other runtimes run beside it. */
function engineCount(group: number): number {
  const found = spawnSync('pgrep', ['-g', String(group), '-fc', 'DynamoDBLocal.jar'], { encoding: 'utf8' });
  return Number(found.stdout.trim() || '0');
}

/** `npm start` exactly as a person runs it, in its own process group so a failed test cannot leak it. */
async function npmStart(dataDir: string, args: string[] = [], env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  // As from a fresh shell: without the log level the tests' own runtime set in this process.
  const { POWERTOOLS_LOG_LEVEL: _testsLevel, ...inherited } = process.env;
  const child = spawn('npm', ['start', '--', ...args], {
    cwd: root,
    env: { ...inherited, PORT: String(port), DATA_DIR: dataDir, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  const baseUrl = `http://localhost:${port}`;
  // Whether the credentials file was there when the port first answered (probed every 50 ms while starting).
  let credentialsAtFirstAnswer: boolean | null = null;
  while (!output.includes('Stop with Ctrl+C')) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm start did not come up:\n${output}`);
    if (credentialsAtFirstAnswer === null && (await fetch(`${baseUrl}/api/v1`).then(() => true, () => false))) credentialsAtFirstAnswer = existsSync(join(dataDir, 'dev-credentials.json'));
    await new Promise((done) => setTimeout(done, 50));
  }
  return { child, output: () => output, baseUrl, credentialsAtFirstAnswer };
}

/**
 * Signals the service process alone (as `kill <pid>` or a process manager would), not npm and not the engine:
 * the service must stop the engine itself, and npm must then exit with the service's own exit code.
 */
async function stop(started: Started, signal: NodeJS.Signals): Promise<number | null> {
  const pid = Number(/running \(pid (\d+)/.exec(started.output())?.[1]);
  expect(pid).toBeGreaterThan(0);
  const exited = new Promise<number | null>((done) => started.child.once('exit', (code) => done(code)));
  process.kill(pid, signal);
  return exited;
}

const credentialsIn = (dataDir: string) => JSON.parse(readFileSync(join(dataDir, 'dev-credentials.json'), 'utf8'));

const listCustomers = (baseUrl: string, key: string) => fetch(`${baseUrl}/api/v1/customers`, { headers: { authorization: `Bearer ${key}` } });

describe('npm start', () => {
  it('serves the API in memory, writes dev-credentials.json as the contract says, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ledger-start-'));
    const started = await npmStart(dataDir, ['--memory']);
    expect(engineCount(started.child.pid!)).toBe(1);
    const credentials = credentialsIn(dataDir);
    expect(credentials).toEqual({
      base_url: started.baseUrl,
      auth_url: started.baseUrl,
      user: { email: expect.any(String), password: expect.any(String) },
      client: { client_id: expect.any(String), client_secret: expect.any(String), redirect_uri: expect.any(String) },
      businesses: [
        { id: expect.any(String), name: expect.any(String), api_key: expect.any(String) },
        { id: expect.any(String), name: expect.any(String), api_key: expect.any(String) },
      ],
    });
    expect(started.output()).toContain(`${started.baseUrl}/api/v1`);
    expect(started.output()).toContain(join(dataDir, 'dev-credentials.json'));
    expect(started.output()).not.toContain('NodeVersionSupportWarning');
    // The port opens only once the credentials file is written (before, it answered about a second earlier).
    expect(started.credentialsAtFirstAnswer).not.toBe(false);
    const answer = await listCustomers(started.baseUrl, credentials.businesses[0].api_key);
    expect(answer.status).toBe(200);
    expect((await listCustomers(started.baseUrl, 'ak_not_a_key')).status).toBe(401);
    // One short line per request, refusals included, and no JSON request lines.
    const requestLines = () => started.output().split('\n').filter((line) => line.startsWith('GET /api/v1/customers '));
    await eventually(() => requestLines().length >= 2);
    expect(requestLines().slice(-2)).toEqual([
      expect.stringMatching(new RegExp(`^GET /api/v1/customers 200 \\d+ms business=${credentials.businesses[0].id} request=[0-9a-f-]{36}$`)),
      expect.stringMatching(/^GET \/api\/v1\/customers 401 \d+ms business=- request=[0-9a-f-]{36}$/),
    ]);
    expect(requestLines().every((line) => line.length < 140)).toBe(true);
    expect(started.output()).not.toContain('"message":"request"');
    // The schedule that runs at start says what it did in a short line too: no JSON line at all under npm start.
    const lines = () => started.output().split('\n');
    await eventually(() => lines().some((line) => line.startsWith('daily work scheduled ')));
    expect(lines().filter((line) => line.startsWith('daily work scheduled '))).toEqual([expect.stringMatching(/^daily work scheduled date=\d{4}-\d{2}-\d{2} businesses=\d+ recurring=\d+$/)]);
    expect(lines().filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
    expect(await stop(started, 'SIGTERM')).toBe(0);
    expect(engineCount(started.child.pid!)).toBe(0);
    expect(existsSync(join(dataDir, 'dynamodb'))).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('keeps data under DATA_DIR across a restart, and mints new secrets when the credentials file is lost', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ledger-keep-'));
    const first = await npmStart(dataDir);
    const seeded = credentialsIn(dataDir);
    const key = seeded.businesses[0].api_key;
    const created = await fetch(`${first.baseUrl}/api/v1/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kept across restarts' }),
    });
    expect(created.status).toBe(201);
    // Reminders on, an invoice long overdue and an endpoint for reminders: the schedule that runs at start sends one.
    const hook = await startReceiver();
    const post = (path: string, body: unknown, method = 'POST') => fetch(`${first.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const customerId = ((await created.json()) as { data: { id: string } }).data.id;
    expect((await post('/api/v1/invoices', { customer_id: customerId, invoice_date: '2026-01-01', due_date: '2026-01-15', lines: [{ description: 'Old', quantity: 1, unit_price: 10 }] })).status).toBe(201);
    expect((await post('/api/v1/webhooks/endpoints', { url: hook.url, events: ['invoice.reminder'] })).status).toBe(201);
    expect((await post('/api/v1/settings/reminders', { enabled: true, days_after_due: [1] }, 'PUT')).status).toBe(200);
    expect(await stop(first, 'SIGINT')).toBe(0);
    expect(hook.types()).toEqual([]);

    // LOG_FORMAT=json: Powertools' structured line, as on AWS.
    const second = await npmStart(dataDir, [], { LOG_FORMAT: 'json' });
    expect(credentialsIn(dataDir).businesses).toEqual(seeded.businesses);
    const kept = (await (await listCustomers(second.baseUrl, key)).json()) as { data: { items: { name: string }[] } };
    expect(kept.data.items.map((customer) => customer.name)).toEqual(['Kept across restarts']);
    const jsonLines = () => second.output().split('\n').filter((line) => line.startsWith('{') && line.includes('"message":"request"')).map((line) => JSON.parse(line) as Record<string, unknown>);
    await eventually(() => jsonLines().length >= 1);
    expect(jsonLines().at(-1)).toEqual(expect.objectContaining({ method: 'GET', path: '/api/v1/customers', route: 'customers.list', status: 200, ms: expect.any(Number), business_id: seeded.businesses[0].id, request_id: expect.any(String) }));
    expect(await eventually(() => hook.received.length > 0, 20_000)).toBe(true);
    expect(hook.types()).toEqual(['invoice.reminder']);
    await hook.close();
    expect(await stop(second, 'SIGTERM')).toBe(0);

    rmSync(join(dataDir, 'dev-credentials.json'));
    const third = await npmStart(dataDir);
    const refreshed = credentialsIn(dataDir);
    expect(refreshed.businesses.map((business: { id: string }) => business.id)).toEqual(seeded.businesses.map((business: { id: string }) => business.id));
    expect(refreshed.businesses[0].api_key).not.toBe(key);
    expect((await listCustomers(third.baseUrl, refreshed.businesses[0].api_key)).status).toBe(200);
    expect((await listCustomers(third.baseUrl, key)).status).toBe(401);
    expect(await stop(third, 'SIGTERM')).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  }, 180_000);

  it('stops with a one-line message naming Java when no Java runtime is installed', () => {
    const bin = mkdtempSync(join(tmpdir(), 'no-java-'));
    mkdirSync(bin, { recursive: true });
    symlinkSync(process.execPath, join(bin, 'node'));
    const result = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'infra/local/main.ts', '--memory'], {
      cwd: root,
      env: { PATH: bin, HOME: process.env.HOME ?? '/tmp', DATA_DIR: join(bin, 'data') },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    // One line, and nothing else: no SDK notice either.
    const lines = result.stderr.trim().split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Java runtime/);
    rmSync(bin, { recursive: true, force: true });
  });

  it('after kill -9 the pipeline resumes where it stopped: no event lost, none sent again, a retry at its scheduled time', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ledger-kill-'));
    const RETRY_AFTER_S = 25;
    const typeOf = (index: number) => (JSON.parse(receiver.received[index]!.body) as { type: string; data: { name: string } });
    const seen = (index: number, type: string) => receiver.received.slice(0, index + 1).filter((_, at) => typeOf(at).type === type).length;
    // The vendor's event is refused once with Retry-After; the last customer's first attempt hangs (the process
    // dies while it is in flight); everything else is taken.
    const receiver = await startReceiver((index) => {
      const event = typeOf(index);
      if (event.type === 'vendor.created' && seen(index, 'vendor.created') === 1) return { status: 503, headers: { 'retry-after': String(RETRY_AFTER_S) } };
      if (event.data.name === 'Last' && receiver.received.filter((_, at) => typeOf(at).data.name === 'Last').length === 1) return 'hang';
      return { status: 200 };
    });
    // Real time: the webhook retry schedule unscaled (the suite's own runtime shrinks it).
    const realTime = { WEBHOOK_TIME_SCALE: '1' };
    const first = await npmStart(dataDir, [], realTime);
    const key = credentialsIn(dataDir).businesses[0].api_key;
    const post = (baseUrl: string, path: string, body: unknown) => fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post(first.baseUrl, '/api/v1/webhooks/endpoints', { url: receiver.url, events: ['customer.created', 'vendor.created'] })).status).toBe(201);
    const names = () => receiver.received.map((request) => { const event = JSON.parse(request.body); return `${event.type}:${event.data.name}`; });
    expect((await post(first.baseUrl, '/api/v1/customers', { name: 'Before' })).status).toBe(201);
    expect(await eventually(() => names().includes('customer.created:Before'), STREAM_LAG_MS)).toBe(true);
    expect((await post(first.baseUrl, '/api/v1/vendors', { name: 'Retried' })).status).toBe(201);
    expect(await eventually(() => names().includes('vendor.created:Retried'), STREAM_LAG_MS)).toBe(true);
    const refusedAt = receiver.received.find((request) => JSON.parse(request.body).type === 'vendor.created')!.at;
    // Its delivery under way, then the whole process group killed at once: the service, npm and the engine.
    expect((await post(first.baseUrl, '/api/v1/customers', { name: 'Last' })).status).toBe(201);
    expect(await eventually(() => names().includes('customer.created:Last'), STREAM_LAG_MS)).toBe(true);
    process.kill(-first.child.pid!, 'SIGKILL');
    await new Promise((done) => first.child.once('exit', done));

    const second = await npmStart(dataDir, [], realTime);
    expect(await eventually(() => names().filter((name) => name === 'customer.created:Last').length === 2, 20_000), names().join()).toBe(true);
    expect(await eventually(() => names().filter((name) => name === 'vendor.created:Retried').length === 2, 40_000), names().join()).toBe(true);
    const retriedAt = receiver.received.filter((request) => JSON.parse(request.body).type === 'vendor.created')[1]!.at;
    // The retry waited for its schedule (Retry-After), not fired on restart.
    expect(retriedAt - refusedAt).toBeGreaterThanOrEqual((RETRY_AFTER_S - 1) * 1000);
    await new Promise((done) => setTimeout(done, 2_000));
    // Nothing old was sent again: the delivered event once; the refused one and the unanswered one twice.
    expect(names().sort()).toEqual(['customer.created:Before', 'customer.created:Last', 'customer.created:Last', 'vendor.created:Retried', 'vendor.created:Retried']);
    expect(await stop(second, 'SIGTERM')).toBe(0);
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 180_000);

  it('a queued 5,000-line OFX import with an auto rule, killed half-way (kill -9 of the whole group), resumes on restart: no line twice, none lost, one bank_feed.received; imported again, it adds nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ledger-import-'));
    const first = await npmStart(dataDir);
    const key = credentialsIn(dataDir).businesses[0].api_key;
    const request = async (baseUrl: string, method: string, path: string, body?: unknown) => {
      const answer = await fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: answer.status, data: ((await answer.json()) as { data: any }).data };
    };
    const bank = (await request(first.baseUrl, 'POST', '/api/v1/bank-feeds/accounts', { name: 'Imported', kind: 'bank', opening_balance_date: '2026-01-01' })).data.id;
    const fees = (await request(first.baseUrl, 'POST', '/api/v1/accounts', { code: '6900', name: 'Import fees', type: 'expense' })).data.id;
    expect((await request(first.baseUrl, 'POST', '/api/v1/bank-feeds/rules', { name: 'Fees', conditions: [{ field: 'description', operator: 'contains', value: 'fee' }], action: { categorize: { account_id: fees } }, auto: true })).status).toBe(201);
    const LINES = 5_000;
    const transactions = Array.from({ length: LINES }, (_, index) => `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>202608${String(1 + (index % 28)).padStart(2, '0')}<TRNAMT>${index % 10 === 0 ? '-2.00' : `${index + 1}.00`}<FITID>F${index}<NAME>${index % 10 === 0 ? 'Fee' : `Line ${index}`}</STMTTRN>`).join('');
    const ofx = `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST>${transactions}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const startedAt = Date.now();
    const queued = await request(first.baseUrl, 'POST', `/api/v1/bank-feeds/accounts/${bank}/imports`, { format: 'ofx', content: ofx });
    expect(queued.status).toBe(202);
    const importOf = (baseUrl: string, id: string) => request(baseUrl, 'GET', `/api/v1/bank-feeds/imports/${id}`).then((answer) => answer.data);
    // Killed once a third of it is stored, with the rest still queued.
    expect(await eventually(async () => (await importOf(first.baseUrl, queued.data.id)).lines_added >= LINES / 3, 120_000)).toBe(true);
    process.kill(-first.child.pid!, 'SIGKILL');
    await new Promise((done) => first.child.once('exit', done));
    const killedAt = Date.now();

    const second = await npmStart(dataDir);
    let finished: any;
    expect(await eventually(async () => (finished = await importOf(second.baseUrl, queued.data.id)).status === 'done', 180_000)).toBe(true);
    console.log(`import of ${LINES} OFX lines: ${((killedAt - startedAt) / 1000).toFixed(1)} s before the kill, ${((Date.now() - killedAt) / 1000).toFixed(1)} s from the kill (restart included) to done`);
    expect(finished).toMatchObject({ lines_total: LINES, lines_added: LINES, lines_skipped: 0, lines_categorized: LINES / 10 });
    const count = async (query: string) => (await request(second.baseUrl, 'GET', `/api/v1/bank-feeds/accounts/${bank}/lines?page_size=1${query}`)).data.pagination.total_count;
    expect(await count('')).toBe(LINES);
    expect(await count('&status=categorized')).toBe(LINES / 10);
    // One bank_feed.received for the import (beside a bank_feed.line_categorized for each line its rule posted), in
    // the events feed once it has settled.
    const readFeed = async () => {
      const feed: { type: string; data: { import_id?: string } }[] = [];
      for (let after = ''; ; ) {
        const page = (await request(second.baseUrl, 'GET', `/api/v1/events?limit=100${after ? `&after=${after}` : ''}`)).data;
        feed.push(...page.items);
        if (page.items.length === 0) return feed;
        after = page.next_cursor;
      }
    };
    let feed: Awaited<ReturnType<typeof readFeed>> = [];
    expect(await eventually(async () => (feed = await readFeed()).some((event) => event.type === 'bank_feed.received'), 30_000)).toBe(true);
    expect(feed.filter((event) => event.type === 'bank_feed.received' && event.data.import_id === queued.data.id)).toHaveLength(1);
    expect(feed.filter((event) => event.type === 'bank_feed.line_categorized')).toHaveLength(LINES / 10);

    const again = await request(second.baseUrl, 'POST', `/api/v1/bank-feeds/accounts/${bank}/imports`, { format: 'ofx', content: ofx });
    expect(again.status).toBe(202);
    expect(await eventually(async () => (finished = await importOf(second.baseUrl, again.data.id)).status === 'done', 180_000)).toBe(true);
    expect(finished).toMatchObject({ lines_added: 0, lines_skipped: LINES, lines_categorized: 0 });
    expect(await count('')).toBe(LINES);
    expect(await stop(second, 'SIGTERM')).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  }, 600_000);
});
