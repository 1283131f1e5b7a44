import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deployedRoutes as routes } from '../../functions/routes.ts';
import { deploymentOf } from '../../shared/platform/http/deployment.ts';
import { EVENT_CATALOGUE } from '../../events/catalogue.ts';

const root = resolve(import.meta.dirname, '../..');
const output = mkdtempSync(join(tmpdir(), 'cdk-out-'));

interface TemplateFunction {
  Type: string;
  Properties: { Description: string; Handler: string; Code: { S3Key: string }; Environment?: { Variables?: Record<string, unknown> } };
}

let functions: TemplateFunction[] = [];

beforeAll(() => {
  // Exactly what `npm run synth` runs, offline, with real esbuild bundling of every function.
  const synth = spawnSync('npx', ['cdk', 'synth', '--quiet', '--output', output], { cwd: root, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  expect(synth.status, `${synth.stdout}\n${synth.stderr}`).toBe(0);
  // The parent template and every nested stack's template.
  const templates = readdirSync(output).filter((file) => file.endsWith('.template.json'));
  functions = templates.flatMap((file) => Object.values((JSON.parse(readFileSync(join(output, file), 'utf8')) as { Resources: Record<string, TemplateFunction> }).Resources)).filter((resource) => resource.Type === 'AWS::Lambda::Function');
}, 480_000);

afterAll(() => rmSync(output, { recursive: true, force: true }));

describe('npm run synth', () => {
  it('bundles one function per API route, the web function and the public pages\' function, the four of the event pipeline (publisher, projector, fan-out, delivery), the bank import consumer, the mail worker, the audit chainer and exporter, the upload check, the key rotation and the two of the reminders', () => {
    expect(functions).toHaveLength(routes.filter((route) => deploymentOf(route) === 'api').length + 2 + 12);
  });

  it("copies the PDF fonts beside the bundles of the PDF routes and the mail worker only, where the renderer reads them, and leaves fontkit's WOFF2 decompressor out", () => {
    const assetOf = (description: string) => {
      const fn = functions.find((candidate) => candidate.Properties.Description === description);
      expect(fn, description).toBeDefined();
      return join(output, `asset.${fn!.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
    };
    const pdfRoutes = routes.filter((route) => route.path.endsWith('/pdf') || ('contract' in route && route.contract && 'alsoProduces' in route.contract));
    // The six sales document types', the public invoice page's and the dashboard's invoice, credit note, estimate, sales
    // order, purchase order and statement; and the customer statement's API route, which answers a PDF when asked (format=pdf).
    expect(pdfRoutes).toHaveLength(14);
    const apiPdfRoutes = pdfRoutes.filter((route) => deploymentOf(route) === 'api');
    expect(apiPdfRoutes).toHaveLength(7);
    // The page functions serve the others; the mail worker attaches the invoice's PDF to each e-mail.
    const pageFunctions = functions.map((fn) => fn.Properties.Description).filter((description) => /^(Dashboard|Public) pages: /.test(description));
    expect(pageFunctions).toHaveLength(2);
    for (const description of [...apiPdfRoutes.map((route) => `${route.method} ${route.path}`), ...pageFunctions, 'Builds and sends one e-mail (an invoice, an invitation, a statement) through SES']) {
      const asset = assetOf(description);
      expect(readdirSync(join(asset, 'fonts')).sort(), description).toEqual(['DejaVuSans-Bold.ttf', 'DejaVuSans.ttf']);
      // fontkit's WOFF2 decompressor is replaced by its stub (BUNDLE_ALIASES), as in `npm run bench:bundles`.
      expect(readFileSync(join(asset, 'index.mjs'), 'utf8'), description).toContain('WOFF2 fonts are not bundled');
    }
    expect(readdirSync(assetOf('GET /api/v1/invoices/{id}'))).not.toContain('fonts');
  });

  it('produces ESM bundles that load and answer as the deployed function would', async () => {
    const index = functions.find((fn) => fn.Properties.Description === 'GET /api/v1');
    expect(index).toBeDefined();
    const assetDir = join(output, `asset.${index!.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
    const module = (await import(pathToFileURL(join(assetDir, 'index.mjs')).href)) as { handler: (event: unknown, context: unknown) => Promise<{ statusCode: number; body: string }> };
    const answer = await module.handler(
      { version: '2.0', rawPath: '/api/v1', headers: {}, requestContext: { http: { method: 'GET', path: '/api/v1' }, domainName: 'api.example', apiId: 'x' }, isBase64Encoded: false },
      { functionName: 'index', awsRequestId: 'test', getRemainingTimeInMillis: () => 1000 },
    );
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body).data.webhook_events).toHaveLength(EVENT_CATALOGUE.length);
    expect(EVENT_CATALOGUE.length).toBeGreaterThanOrEqual(28);
  });

  it('bundles every dashboard page into the web function, loading a page\'s module when its path is first asked for', async () => {
    const web = functions.find((fn) => fn.Properties.Description.startsWith('Dashboard pages: '))!;
    const assetDir = join(output, `asset.${web.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
    // The function's environment as deployed: its literal values, and a name for each one CloudFormation resolves
    // (the module reads its configuration as it loads, to leave the local-only pages out).
    const environment = web.Properties.Environment?.Variables ?? {};
    for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, typeof value === 'string' ? value : name.endsWith('_URL') ? `https://${name.toLowerCase().replace(/_/g, '-')}.example` : `resolved-${name.toLowerCase()}`);
    const module = (await import(pathToFileURL(join(assetDir, 'index.mjs')).href)) as { handler: (event: unknown, context: unknown) => Promise<{ statusCode: number; body: string; headers: Record<string, string> }> };
    const ask = (method: string, path: string) =>
      module.handler(
        { version: '2.0', routeKey: 'ANY /assets/{proxy+}', rawPath: path, rawQueryString: '', headers: {}, requestContext: { http: { method, path }, domainName: 'api.example', apiId: 'x' }, isBase64Encoded: false },
        { functionName: 'web', awsRequestId: 'test', getRemainingTimeInMillis: () => 1000 },
      );
    const stylesheet = await ask('GET', '/assets/app.css');
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers['content-type']).toContain('text/css');
    expect((await ask('GET', '/dashboard/no-such-page')).statusCode).toBe(404);
    expect((await ask('DELETE', '/assets/app.css')).statusCode).toBe(405);
  });
});
