import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshBusiness, runtime } from './support.ts';

const root = resolve(import.meta.dirname, '../..');

/** The `sh` blocks of "Calling the API" (a block marked otherwise, like `sh by-hand`, is not meant to run). */
function readmeExamples(): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Calling the API'), readme.indexOf('## Architecture'));
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

describe("the README's examples", () => {
  it('run as written, in order, in one shell, and every answer is a success', async () => {
    const blocks = readmeExamples();
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    // A business of its own (the README uses the first of the credentials file), the rest of the file as seeded.
    const business = await freshBusiness();
    const dataDir = mkdtempSync(join(tmpdir(), 'readme-'));
    writeFileSync(join(dataDir, 'dev-credentials.json'), JSON.stringify({ ...runtime.credentials, businesses: [{ id: business.id, name: 'README', api_key: business.key }] }));
    // As a reader pastes them: block by block, a moment apart (events reach the feed once a second old).
    // As written: each block takes the address from the credentials file's base_url, none is hard-coded.
    for (const block of blocks) expect(block).not.toMatch(/localhost:\d+/);
    const script = ['set -euo pipefail', ...blocks.map((block) => `${block}\necho\nsleep 1.5`)].join('\n');
    try {
      const run = spawnSync('bash', ['-c', script], { cwd: root, encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir }, timeout: 120_000 });
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout).not.toMatch(/"error":"/);
      // What the examples did, seen from the API: a paid-down invoice, a settled credit, a receipt, a voided invoice.
      expect(run.stdout).toMatch(/"no":"RCT-00001"/);
      expect(run.stdout).toMatch(/"status":"Voided"/);
      expect(run.stdout).toMatch(/"type":"invoice.reminder"|"stage":0/);
      expect(run.stdout).toMatch(/7\. revoked: the access token now gets 401/);
      expect(run.stdout).toMatch(/retried: same receipt/);
      // The audit log's export job: done within the example's pause, with its link.
      expect(run.stdout).toMatch(/"status":"done"[^}]*"download_url":"http/);
      // The reconciliation examples: the line matched to the receipt recorded for it, the fee posted by its rule.
      expect(run.stdout).toMatch(/"status":"matched","matches":\[\{"type":"receipt"/);
      expect(run.stdout).toMatch(/"no":"BT-00001"/);
      expect(run.stdout).toMatch(/"unmatched_lines":\{"count":0,"amount":0\}/);
      // The statement's closing balance is the feed's on its date: nothing is left unexplained.
      expect(run.stdout).toMatch(/"stated_difference":0[,}]/);
      // The invoice's PDF and its public page.
      expect(run.stdout).toMatch(/%PDF-/);
      expect(run.stdout).toMatch(/public page: 200 text\/html/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
