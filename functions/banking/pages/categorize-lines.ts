import * as v from 'valibot';
import { getLine } from '../../../shared/banking/lines.ts';
import { categorizeLine } from '../../../shared/banking/reconcile.ts';
import { LineCategorizeInput } from '../../../shared/banking/schemas.ts';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { IdRef } from '../../../shared/platform/core/fields.ts';
import type { Id } from '../../../shared/platform/core/ids.ts';
import { RuleViolation } from '../../../shared/platform/core/errors.ts';
import { refusalOf, refusalSentence } from '../../../shared/platform/http/form-refusal.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { numberOf } from '../../../shared/platform/web/record-form-rules.ts';
import { AccountQuery, accountPage } from './account-page.ts';
import { dashboardBankingRoutes as rows } from './routes.ts';

/** Each line is a posting of its own, one after another: as many as post well within a request's 29 seconds. */
const MAX_AT_ONCE = 50;
const SelectedLines = v.strictObject({ line_id: v.array(IdRef) });

/**
 * Several unmatched lines of the account categorized against one account at once, each through the API's own use
 * case in its own posting (its own number, lock date and tax), one after another: a line refused (changed
 * meanwhile, in a locked period, of another account) is named on the screen with its reason, and the others stay
 * categorized, each whole.
 */
export const handler = defineDashboardPage(rows.categorizeLines, async ({ viewer, id, form }) => {
  const field = (name: string) => form[name]?.[0]?.trim() ?? '';
  const businessId = viewer.business.id;
  const screen = async (status: number, problem: string) => html(status, await accountPage(viewer, id, parseInput(AccountQuery, {}, 'query'), problem));
  const chosen = form.line_id ?? [];
  if (chosen.length === 0) return screen(400, 'Choose the lines to categorize: tick each one.');
  if (chosen.length > MAX_AT_ONCE) return screen(400, `Choose at most ${MAX_AT_ONCE} lines at once.`);
  let lineIds: Id[];
  let body: v.InferOutput<typeof LineCategorizeInput>;
  try {
    lineIds = parseInput(SelectedLines, { line_id: chosen }, 'form').line_id as Id[];
    body = parseInput(LineCategorizeInput, { account_id: field('account_id'), ...(field('tax_rate') ? { tax_rate: numberOf(field('tax_rate')) } : {}) }, 'form');
  } catch (error) {
    const refusal = refusalOf(error);
    return screen(refusal.status, refusalSentence(refusal.problems));
  }
  const refused: { readonly line: string; readonly status: number; readonly reason: string }[] = [];
  for (const lineId of lineIds) {
    let line = `line ${lineId}`;
    try {
      const { record } = await getLine(businessId, lineId);
      line = `the line of ${record.date} (${record.description ?? 'no description'})`;
      if (record.account_id !== id) throw RuleViolation.of('line_id', 'is a line of another account');
      await categorizeLine(businessId, lineId, body);
    } catch (error) {
      const refusal = refusalOf(error);
      refused.push({ line, status: refusal.status, reason: refusalSentence(refusal.problems) });
    }
  }
  if (refused.length === 0) return redirect(`/dashboard/banking/${id}?notice=lines_categorized`);
  const done = lineIds.length - refused.length;
  return screen(refused[0]!.status, `${done} of ${lineIds.length} lines categorized. Not categorized: ${refused.map((refusal) => `${refusal.line}: ${refusal.reason}`).join('; ')}`);
});
