/**
 * `npm run ledger:rebuild -- <business id> [--check]`: recomputes a business's period totals from its journal and
 * its open-document markers from its documents, prints every drift, and repairs it (with --check: only reports,
 * and exits 1 on drift). Against AWS when TABLE_NAME is set (the default credential chain), else against the local
 * data under DATA_DIR (default .data/) with its own engine: stop `npm start` first, and on AWS run it while the
 * business posts nothing, since a posting committing during the run would count as drift.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { IdRef } from '../../shared/domain/fields.ts';
import { rebuildLedger } from '../../shared/ledger/rebuild.ts';
import { startEngine, type Engine } from './engine.ts';
import { LOCAL_TABLE_NAME } from './runtime.ts';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { check: { type: 'boolean', default: false } }, allowPositionals: true });
  const parsed = v.safeParse(IdRef, positionals[0] ?? '');
  if (positionals.length !== 1 || !parsed.success) {
    console.error('usage: npm run ledger:rebuild -- <business id> [--check]');
    return 2;
  }
  let engine: Engine | undefined;
  if (!process.env.TABLE_NAME) {
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    engine = await startEngine(resolve(process.env.DATA_DIR ?? '.data', 'dynamodb'));
    Object.assign(process.env, { TABLE_NAME: LOCAL_TABLE_NAME, DYNAMODB_ENDPOINT: engine.endpoint, AWS_REGION: 'local' });
  }
  try {
    const drift = await rebuildLedger(parsed.output, { repair: !values.check });
    console.log(`${drift.entries} journal entries, ${drift.documents} documents read`);
    for (const period of drift.periods) console.log(`  drift ${period.item} ${period.attribute}: stored ${period.stored}, the books say ${period.expected}`);
    for (const key of drift.missingOpenMarkers) console.log(`  missing open marker ${key.split('\u0000')[1]}`);
    for (const key of drift.staleOpenMarkers) console.log(`  stale open marker ${key.split('\u0000')[1]}`);
    for (const key of drift.missingProjected) console.log(`  missing or different projected item ${key.split('\u0000')[1]}`);
    for (const key of drift.staleProjected) console.log(`  stale projected item ${key.split('\u0000')[1]}`);
    for (const posting of drift.assumedRates) console.log(`  rate 1 assumed: ${posting.document_type} ${posting.document_no ?? posting.entry_id} of ${posting.date} in ${posting.currency} (posted before rates)`);
    const count = drift.periods.length + drift.missingOpenMarkers.length + drift.staleOpenMarkers.length + drift.missingProjected.length + drift.staleProjected.length;
    console.log(count === 0 ? 'no drift' : values.check ? `${count} differences (not repaired: --check)` : `${count} differences repaired`);
    return values.check && count > 0 ? 1 : 0;
  } finally {
    await engine?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
