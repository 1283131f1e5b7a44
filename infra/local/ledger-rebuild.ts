/**
 * `npm run ledger:rebuild -- <business id> [--check]`: recomputes a business's period totals from its journal and
 * its open-document markers from its documents, prints every drift, and repairs it (with --check: only reports,
 * and exits 1 on drift). Against AWS or the local data (`table-command.ts`); on AWS run it while the business posts
 * nothing, since a posting committing during the run would count as drift. It also records, once, every record kept
 * before the audit trail (`audit-backfill.ts`), and names the tax rate of every line posted before tax rates
 * (`shared/ledger/tax/name-lines.ts`), and gives customers and vendors kept before identity items theirs
 * (`shared/parties/identities.ts`).
 */
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { IdRef } from '../../shared/platform/core/fields.ts';
import { rebuildLedger } from '../../functions/ledger/rebuild/rebuild.ts';
import { runTableCommand } from './table-command.ts';
import { backfillAuditTrail } from './audit-backfill.ts';
import { nameTaxRatesOfLines } from '../../shared/ledger/tax/name-lines.ts';
import { backfillPartyIdentities } from '../../shared/parties/identities.ts';

runTableCommand(async () => {
  const { values, positionals } = parseArgs({ options: { check: { type: 'boolean', default: false } }, allowPositionals: true });
  const parsed = v.safeParse(IdRef, positionals[0] ?? '');
  if (positionals.length !== 1 || !parsed.success) {
    console.error('usage: npm run ledger:rebuild -- <business id> [--check]');
    return 2;
  }
  // Lines are named first, so that the per-rate totals the rebuild recomputes count them.
  const taxed = await nameTaxRatesOfLines(parsed.output, { write: !values.check });
  const drift = await rebuildLedger(parsed.output, { repair: !values.check });
  console.log(`${drift.entries} journal entries, ${drift.documents} documents read`);
  for (const period of drift.periods) console.log(`  drift ${period.item} ${period.attribute}: stored ${period.stored}, the books say ${period.expected}`);
  for (const key of drift.missingOpenMarkers) console.log(`  missing open marker ${key.split('\u0000')[1]}`);
  for (const key of drift.staleOpenMarkers) console.log(`  stale open marker ${key.split('\u0000')[1]}`);
  for (const key of drift.missingProjected) console.log(`  missing or different projected item ${key.split('\u0000')[1]}`);
  for (const key of drift.staleProjected) console.log(`  stale projected item ${key.split('\u0000')[1]}`);
  for (const void_ of drift.voidsInLaterPeriods) console.log(`  void in a later month: ${void_.document_type ?? 'entry'} ${void_.document_no ?? ''} of ${void_.original_date} reversed on ${void_.reversal_date} (posted entries stay; the original's month still shows it)`);
  for (const key of drift.unrecordedReliefs) console.log(`  missing or different relief record ${key.split('\u0000')[1]} (settlements made before relief records were kept, or drift)`);
  for (const posting of drift.assumedRates) console.log(`  rate 1 assumed: ${posting.document_type} ${posting.document_no ?? posting.entry_id} of ${posting.date} in ${posting.currency} (posted before rates)`);
  if (taxed.lines > 0) console.log(`  ${taxed.lines} lines of ${taxed.documents} documents had a bare tax percentage${values.check ? '' : `: ${taxed.lines - taxed.unresolved} now name its tax rate`}${taxed.unresolved > 0 ? `, ${taxed.unresolved} name an archived rate and were left` : ''}`);
  const identities = await backfillPartyIdentities(parsed.output, { write: !values.check });
  if (identities.identities > 0) console.log(`  ${identities.identities} identity items of ${identities.parties} customers and vendors ${values.check ? 'to put' : 'put'} (how a supplier's e-invoice finds its vendor; items already there are put again, unchanged)`);
  const trail = await backfillAuditTrail(parsed.output, { write: !values.check });
  if (trail.recorded > 0) console.log(`  ${trail.recorded} of ${trail.records} records had no audit entry${values.check ? '' : ': each recorded now, by the service, as kept before the audit trail'}`);
  // Not drift: records kept before the trail (or the chart a business starts with) are recorded, not repaired.
  const count = drift.periods.length + drift.missingOpenMarkers.length + drift.staleOpenMarkers.length + drift.missingProjected.length + drift.staleProjected.length + drift.unrecordedReliefs.length;
  console.log(count === 0 ? 'no drift' : values.check ? `${count} differences (not repaired: --check)` : `${count} differences repaired`);
  return values.check && count > 0 ? 1 : 0;
});
