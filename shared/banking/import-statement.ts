/**
 * A statement file imported into a bank account (`POST /bank-feeds/accounts/{id}/imports`, and the dashboard's
 * import form): read whole, then its lines added at once when they are few, or queued in chunks when many.
 */
import type * as v from 'valibot';
import type { Id } from '../platform/core/ids.ts';
import { queueImport } from './imports.ts';
import { receiveLines } from './intake.ts';
import { MAX_LINES_PER_CALL } from './lines.ts';
import type { StatementImport } from './schemas.ts';
import { readStatement } from './statement-import.ts';

export type StatementImportInput = v.InferOutput<typeof StatementImport>;

export async function importStatement(businessId: Id, accountId: Id, body: StatementImportInput) {
  const statement = body.format === 'csv' ? readStatement({ ...body, format: 'csv', mapping: body.mapping! }) : readStatement({ format: 'ofx', content: body.content });
  const stated = body.closing_balance !== undefined && body.closing_date !== undefined ? { date: body.closing_date, balance: body.closing_balance } : statement.closing;
  if (statement.lines.length > MAX_LINES_PER_CALL) return { kind: 'queued', queued: await queueImport(businessId, accountId, statement.lines, stated) } as const;
  const { earlier: _earlier, ...received } = await receiveLines(businessId, accountId, statement.lines, 'import', stated);
  return { kind: 'received', received } as const;
}
