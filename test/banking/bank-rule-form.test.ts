import { describe, expect, it } from 'vitest';
import { ruleBodyOf, ruleProblemsOnForm } from '../../shared/banking/pages/bank-rule-form.ts';

describe('the dashboard\'s bank rule form', () => {
  it('becomes the API\'s body: empty condition rows dropped, an amount as a number, the chosen action only', () => {
    const form = {
      name: ['Cloud'],
      priority: ['5'],
      'conditions[0].field': ['description'],
      'conditions[0].operator': ['contains'],
      'conditions[0].value': [''],
      'conditions[1].field': ['amount'],
      'conditions[1].operator': ['lt'],
      'conditions[1].value': ['-10.50'],
      action: ['categorize'],
      'action.categorize.account_id': ['acc'],
      'action.party_id': ['someone'],
      auto: ['on'],
    };
    const { body, rows } = ruleBodyOf(form);
    expect(body).toEqual({ name: 'Cloud', priority: 5, conditions: [{ field: 'amount', operator: 'lt', value: -10.5 }], action: { categorize: { account_id: 'acc' } }, auto: true });
    expect(rows).toEqual([1]);
    expect(ruleBodyOf({ ...form, action: ['party'], auto: [] }).body).toMatchObject({ action: { party_id: 'someone' }, auto: false });
  });

  it('puts a refusal of the i-th given condition beside the row it came from', () => {
    expect(ruleProblemsOnForm([{ field: 'conditions[0].value', message: 'must be a number' }, { field: 'name', message: 'is required' }], [2])).toEqual([
      { field: 'conditions[2].value', message: 'must be a number' },
      { field: 'name', message: 'is required' },
    ]);
  });
});
