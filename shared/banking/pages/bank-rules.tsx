/** Bank rules in the dashboard: the list in the order they apply, a form to add one, a button to delete one. */
import type * as v from 'valibot';
import type { BankRule } from '../schemas.ts';
import { AMOUNT_OPERATORS, TEXT_OPERATORS } from '../bank-rules.ts';
import type { Page } from '../../platform/core/paging.ts';
import { renderDocument } from '../../platform/web/layout.tsx';
import type { Viewer } from '../../platform/web/viewer.ts';
import { conditionField, RULE_FORM_CONDITIONS } from './bank-rule-form.ts';
import { placeEntry, type FormEntry, type PlacedEntry } from '../../platform/web/form-entry.tsx';
import { Frame } from '../../platform/web/frame.tsx';
import { ActionButton, FormTokens, Pager, Table } from '../../platform/web/parts.tsx';

type Rule = v.InferOutput<typeof BankRule>;


const RULE_FIELDS = ['name', 'priority', 'account_id', 'action', 'action.categorize.account_id', 'action.categorize.tax_rate', 'action.party_id', 'auto', 'conditions', ...Array.from({ length: RULE_FORM_CONDITIONS }, (_, row) => (['field', 'operator', 'value'] as const).map((part) => conditionField(row, part))).flat()];

const OPERATOR_LABELS: Readonly<Record<string, string>> = { contains: 'contains', equals: 'is', starts_with: 'starts with', gt: 'is more than', lt: 'is less than' };

export interface RuleChoices {
  /** The bank and cash accounts a rule may be kept to. */
  readonly cash: readonly { readonly id: string; readonly name: string }[];
  /** The accounts a categorize rule may post to. */
  readonly accounts: readonly { readonly id: string; readonly name: string }[];
  /** The customers and vendors a rule may suggest (the first of each, by name). */
  readonly parties: readonly { readonly id: string; readonly name: string; readonly kind: 'customer' | 'vendor' }[];
}

function describeRule(rule: Rule, names: ReadonlyMap<string, string>) {
  const when = rule.conditions.map((condition) => `${condition.field} ${OPERATOR_LABELS[condition.operator] ?? condition.operator} ${JSON.stringify(condition.value)}`).join(' and ');
  const then = 'categorize' in rule.action ? `categorize to ${names.get(rule.action.categorize.account_id) ?? rule.action.categorize.account_id}${rule.action.categorize.tax_rate ? ` (tax ${rule.action.categorize.tax_rate}%)` : ''}` : `suggest ${names.get(rule.action.party_id) ?? rule.action.party_id}`;
  return { when, then };
}

function Select(props: { entry: PlacedEntry; name: string; label: string; options: readonly { readonly value: string; readonly label: string }[]; fallback?: string; blank?: string }) {
  const { entry, name } = props;
  const id = name.replace(/[^A-Za-z0-9_-]/g, '-');
  const chosen = entry.value(name, props.fallback ?? '');
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <select id={id} name={name} {...entry.invalid(name)}>
        {props.blank !== undefined ? <option value="">{props.blank}</option> : null}
        {props.options.map((option) => (
          <option value={option.value} selected={option.value === chosen}>
            {option.label}
          </option>
        ))}
      </select>
      {entry.errors(name)}
    </div>
  );
}

function Input(props: { entry: PlacedEntry; name: string; label: string; fallback?: string; inputMode?: 'decimal' }) {
  const { entry, name } = props;
  const id = name.replace(/[^A-Za-z0-9_-]/g, '-');
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <input id={id} type="text" name={name} inputMode={props.inputMode} value={entry.value(name, props.fallback ?? '')} {...entry.invalid(name)} />
      {entry.errors(name)}
    </div>
  );
}

const OPERATORS = [...new Set([...TEXT_OPERATORS, ...AMOUNT_OPERATORS])].map((operator) => ({ value: operator, label: OPERATOR_LABELS[operator] ?? operator }));

function RuleForm(props: { viewer: Viewer; choices: RuleChoices; entry: PlacedEntry }) {
  const { entry, choices } = props;
  return (
    <form method="post" action="/dashboard/banking/rules" class="card" noValidate>
      <FormTokens viewer={props.viewer} />
      <Input entry={entry} name="name" label="Name" />
      <Input entry={entry} name="priority" label="Priority (lower applies first)" fallback="100" inputMode="decimal" />
      <Select entry={entry} name="account_id" label="For lines of" blank="Every account" options={choices.cash.map((account) => ({ value: account.id, label: account.name }))} />
      <fieldset {...entry.invalid('conditions')}>
        <legend>When a line matches (each condition filled in)</legend>
        {entry.errors('conditions')}
        {Array.from({ length: RULE_FORM_CONDITIONS }, (_, row) => (
          <div class="condition">
            <Select entry={entry} name={conditionField(row, 'field')} label={`Condition ${row + 1}: field`} options={[{ value: 'description', label: 'description' }, { value: 'amount', label: 'amount (money in is positive)' }]} />
            <Select entry={entry} name={conditionField(row, 'operator')} label={`Condition ${row + 1}: test`} options={OPERATORS} />
            <Input entry={entry} name={conditionField(row, 'value')} label={`Condition ${row + 1}: value`} />
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>Then</legend>
        <Select entry={entry} name="action" label="Action" options={[{ value: 'categorize', label: 'categorize to an account' }, { value: 'party', label: 'suggest a customer or vendor' }]} />
        <Select entry={entry} name="action.categorize.account_id" label="Account (to categorize)" blank="—" options={choices.accounts.map((account) => ({ value: account.id, label: account.name }))} />
        <Input entry={entry} name="action.categorize.tax_rate" label="Tax rate % (to categorize)" inputMode="decimal" />
        <Select entry={entry} name="action.party_id" label="Customer or vendor (to suggest)" blank="—" options={choices.parties.map((party) => ({ value: party.id, label: `${party.name} (${party.kind})` }))} />
        <label class="check">
          <input type="checkbox" name="auto" value="on" checked={entry.ticked('auto', 'on')} {...entry.invalid('auto')} /> Post each matching line at import (categorize rules only)
        </label>
        {entry.errors('auto')}
      </fieldset>
      <button type="submit">Add rule</button>
    </form>
  );
}

export function bankRulesPage(view: { viewer: Viewer; rules: Page<Rule>; choices: RuleChoices; notice?: string | undefined; entry?: FormEntry }): string {
  const { viewer, choices } = view;
  const names = new Map([...choices.cash, ...choices.accounts, ...choices.parties].map((choice) => [choice.id, choice.name]));
  const entry = placeEntry(RULE_FIELDS, view.entry);
  return renderDocument(
    <Frame viewer={viewer} title="Bank rules" notice={view.notice}>
      <p>Each new statement line is checked against the rules in order; the first that fits suggests its action, or with auto posts it.</p>
      <Table caption="Bank rules" rows={view.rules.items.length} empty="No bank rules yet." head={['Name', 'Priority', 'For', 'When', 'Then', 'Auto', 'Action']}>
        {view.rules.items.map((rule) => {
          const described = describeRule(rule, names);
          return (
            <tr>
              <td>{rule.name}</td>
              <td class="num">{rule.priority}</td>
              <td>{rule.account_id ? (names.get(rule.account_id) ?? rule.account_id) : 'Every account'}</td>
              <td>{described.when}</td>
              <td>{described.then}</td>
              <td>{rule.auto ? 'Yes' : 'No'}</td>
              <td>{viewer.scopes.has('finance_banking:update') ? <ActionButton action={`/dashboard/banking/rules/${rule.id}/delete`} viewer={viewer} label={`Delete ${rule.name}`} danger /> : null}</td>
            </tr>
          );
        })}
      </Table>
      <Pager pagination={view.rules.pagination} base="/dashboard/banking/rules" query={{}} />
      {viewer.scopes.has('finance_banking:create') ? (
        <>
          <h2>Add a rule</h2>
          {entry.above}
          <RuleForm viewer={viewer} choices={choices} entry={entry} />
        </>
      ) : null}
    </Frame>,
  );
}
