/**
 * The dashboard's bank rule form as the API's body (`POST /bank-feeds/rules`), and the API's refusal back onto the
 * form: the conditions left empty are dropped, so the API's `conditions[i]` is the i-th row given a value, which
 * may be a later row of the form.
 */
import type { FieldProblem } from '../../platform/core/errors.ts';
import { numberOf } from '../../platform/web/record-form-rules.ts';

/** How many conditions the form offers (the API takes up to ten; more are added through it). */
export const RULE_FORM_CONDITIONS = 3;

/** A condition row's field, named as the API names the condition's part. */
export const conditionField = (row: number, part: 'field' | 'operator' | 'value') => `conditions[${row}].${part}`;

type Form = Readonly<Record<string, readonly string[]>>;

const first = (form: Form, name: string) => form[name]?.[0]?.trim() ?? '';

export function ruleBodyOf(form: Form): { readonly body: Record<string, unknown>; readonly rows: readonly number[] } {
  const rows = Array.from({ length: RULE_FORM_CONDITIONS }, (_, row) => row).filter((row) => first(form, conditionField(row, 'value')) !== '');
  const conditions = rows.map((row) => {
    const field = first(form, conditionField(row, 'field'));
    const value = first(form, conditionField(row, 'value'));
    return { field, operator: first(form, conditionField(row, 'operator')), value: field === 'amount' ? numberOf(value) : value };
  });
  const taxRate = first(form, 'action.categorize.tax_rate');
  const action = first(form, 'action') === 'party' ? { party_id: first(form, 'action.party_id') } : { categorize: { account_id: first(form, 'action.categorize.account_id'), ...(taxRate ? { tax_rate: numberOf(taxRate) } : {}) } };
  const priority = first(form, 'priority');
  const account = first(form, 'account_id');
  return {
    body: { name: first(form, 'name'), ...(priority ? { priority: numberOf(priority) } : {}), ...(account ? { account_id: account } : {}), conditions, action, auto: first(form, 'auto') === 'on' },
    rows,
  };
}

/** A refusal's problems named by the form's fields: `conditions[1].value` of the body is that of the row it came from. */
export function ruleProblemsOnForm(problems: readonly FieldProblem[], rows: readonly number[]): FieldProblem[] {
  return problems.map((problem) => {
    const match = /^conditions\[(\d+)\](.*)$/.exec(problem.field);
    const row = match ? rows[Number(match[1])] : undefined;
    return match && row !== undefined ? { ...problem, field: `conditions[${row}]${match[2]}` } : problem;
  });
}
