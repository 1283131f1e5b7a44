/**
 * `npm run bench:bundles`: every function's bundle, built as CDK builds it: min, median and max size, the
 * largest inputs of a few, and the cold import time of three bundles against a one-line module, in one run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { routes } from '../../functions/routes.ts';
import { deploymentOf, PAGE_FUNCTION_ENTRY } from '../../shared/platform/http/deployment.ts';
import { bundleOf } from '../infra/bundle.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sizes: { id: string; bytes: number }[] = [];
// What CDK deploys: a function per API row, and the two page functions for the page rows.
for (const route of routes.filter((candidate) => deploymentOf(candidate) === 'api')) sizes.push({ id: route.id, bytes: (await bundleOf(route.entry)).bytes });
for (const [name, entry] of Object.entries(PAGE_FUNCTION_ENTRY)) sizes.push({ id: `${name} function`, bytes: (await bundleOf(entry)).bytes });
// Before the web function, each page row was a function of its own: those bundles, for comparison.
const pageSizes: number[] = [];
for (const route of routes.filter((candidate) => deploymentOf(candidate) === 'web')) pageSizes.push((await bundleOf(route.entry)).bytes);
pageSizes.sort((a, b) => a - b);
console.log(`${pageSizes.length} dashboard pages as functions of their own: min ${kb(pageSizes[0]!)} · median ${kb(pageSizes[Math.floor(pageSizes.length / 2)]!)} · max ${kb(pageSizes.at(-1)!)}; together ${kb(pageSizes.reduce((sum, bytes) => sum + bytes, 0))}`);
sizes.sort((a, b) => a.bytes - b.bytes);
console.log(`${sizes.length} functions: min ${kb(sizes[0]!.bytes)} (${sizes[0]!.id}) · median ${kb(sizes[Math.floor(sizes.length / 2)]!.bytes)} · max ${kb(sizes.at(-1)!.bytes)} (${sizes.at(-1)!.id})`);

const SHOWN = (process.env.BUNDLE_ROUTES ?? 'index.get,customers.get,receipts.create,dashboard.overview,dashboard.invoicePdf').split(',');
// The page functions' cold import: their own module and the rows' table, each page's code evaluated on its first request.
const PAGE_FUNCTIONS = Object.entries(PAGE_FUNCTION_ENTRY).map(([name, entry]) => [`${name} function`, entry] as const);
// Inside the repository, so that the bundles' external imports (the AWS SDK) resolve from its node_modules.
const directory = mkdtempSync(join(import.meta.dirname, '../../node_modules/.ledger-bundles-'));
try {
  writeFileSync(join(directory, 'one-line.mjs'), 'export const handler = async () => ({ statusCode: 200 });\n');
  const files: [string, string][] = [['one-line module', join(directory, 'one-line.mjs')]];
  for (const [id, entry] of [...SHOWN.map((shown) => [shown, routes.find((candidate) => candidate.id === shown)!.entry] as const), ...PAGE_FUNCTIONS]) {
    const bundle = await bundleOf(entry);
    const inputs = Object.entries(bundle.metafile.outputs[Object.keys(bundle.metafile.outputs)[0]!]!.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
    const byPackage = new Map<string, number>();
    for (const [path, { bytesInOutput }] of inputs) {
      const name = path.startsWith('node_modules/') ? path.split('/').slice(1, path.split('/')[1]!.startsWith('@') ? 3 : 2).join('/') : path.split('/').slice(0, 2).join('/');
      byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
    }
    console.log(`${id}: ${kb(bundle.bytes)}; largest parts: ${[...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([name, bytes]) => `${name} ${kb(bytes)}`).join(', ')}`);
    const file = join(directory, `${id}.mjs`);
    writeFileSync(file, bundle.code);
    files.push([id, file]);
  }
  // Cold import: a fresh Node process per sample, timing only the import of the module (median of 7).
  const timer = "const t=process.hrtime.bigint(); await import(process.argv[1]); console.log(Number(process.hrtime.bigint()-t)/1e6);";
  for (const [label, file] of files) {
    const samples = Array.from({ length: 7 }, () => Number(execFileSync(process.execPath, ['--input-type=module', '-e', timer, file], { env: { ...process.env, TABLE_NAME: 'bench', AWS_REGION: 'us-east-1' }, encoding: 'utf8' }).trim())).sort((a, b) => a - b);
    console.log(`cold import ${label}: median ${samples[3]!.toFixed(1)} ms`);
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}
