import { createBankRule } from '../../../shared/banking/rules.ts';
import { BankRuleCreate } from '../../../shared/banking/schemas.ts';
import { ruleBodyOf, ruleProblemsOnForm } from '../../../shared/banking/pages/bank-rule-form.ts';
import { pageRequest } from '../../../shared/platform/core/paging.ts';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { refusalOf } from '../../../shared/platform/http/form-refusal.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { drawRules } from './rule-pages.ts';
import { dashboardBankingRoutes as rows } from './routes.ts';

/** A rule through the API's schema and use case; a refused one comes back on the page as typed. */
export const handler = defineDashboardPage(rows.createRule, async ({ viewer, form }) => {
  const { body, rows: given } = ruleBodyOf(form);
  try {
    await createBankRule(viewer.business.id, parseInput(BankRuleCreate, body, 'form'));
    return redirect('/dashboard/banking/rules?notice=rule_added');
  } catch (error) {
    const refused = refusalOf(error);
    return html(refused.status, await drawRules(viewer, pageRequest(1, 25, undefined), { entry: { typed: form, problems: ruleProblemsOnForm(refused.problems, given) } }), [], { headers: refused.headers });
  }
});
