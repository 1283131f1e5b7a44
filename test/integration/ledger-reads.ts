import { expect } from 'vitest';
import { call } from './support.ts';

/** What these reads need of a test business: its API key. */
interface Keyed {
  readonly key: string;
}

/** A GET answered 200, its data. */
export async function read(business: Keyed, path: string) {
  const answer = await call('GET', path, { key: business.key });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data;
}

/** The home block of the trial balance as account → net debit, checked balanced. */
export async function nets(business: Keyed, asOf = '2026-12-31') {
  const trial = await read(business, `/api/v1/reports/trial-balance?as_of=${asOf}`);
  expect(trial.base.total_debit).toBe(trial.base.total_credit);
  return new Map<string, number>(trial.base.accounts.map((row: { account_id: string; debit: number; credit: number }) => [row.account_id, Math.round((row.debit - row.credit) * 100) / 100]));
}

/** A document's journal entries, oldest first, each line as [account, debit, credit, base_debit, base_credit]. */
export async function entriesOf(business: Keyed, documentId: string) {
  const entries = (await read(business, `/api/v1/journal-entries?document_id=${documentId}`)).items as { lines: { account_id: string; debit: number; credit: number; base_debit: number; base_credit: number }[] }[];
  return entries.map((entry) => entry.lines.map((line) => [line.account_id, line.debit, line.credit, line.base_debit, line.base_credit]));
}
