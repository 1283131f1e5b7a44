import { getLine } from '../../../shared/banking/lines.ts';
import { matchByRecording, matchLine } from '../../../shared/banking/reconcile.ts';
import { LineMatchInput } from '../../../shared/banking/schemas.ts';
import { toMajor } from '../../../shared/platform/core/money.ts';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { lineAction } from './line-action.ts';
import { dashboardBankingRoutes as rows } from './routes.ts';

/**
 * A suggestion matched in one click: a posting by its journal entry; an open invoice or bill by recording the
 * receipt or payment the line is, for the line's whole amount (which needs the money scope, as through the API).
 */
export const handler = defineDashboardPage(rows.matchLine, async ({ viewer, id, form }) =>
  lineAction(viewer, id, 'line_matched', async () => {
    const field = (name: string) => form[name]?.[0] ?? '';
    if (field('kind') === 'invoice' || field('kind') === 'bill') {
      const { record } = await getLine(viewer.business.id, id);
      const body = parseInput(LineMatchInput, { party_id: field('party_id'), allocations: [{ document_id: field('id'), amount: Math.abs(toMajor(record.amount, record.currency)) }] }, 'form');
      if ('party_id' in body) return matchByRecording(viewer.business.id, id, body, viewer.scopes);
    }
    const body = parseInput(LineMatchInput, { journal_entry_ids: [field('journal_entry_id')] }, 'form');
    if ('journal_entry_ids' in body) return matchLine(viewer.business.id, id, body);
    return undefined;
  }),
);
