import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byPrecedence, firstRuleFor, ruleHolds, scaledAmount, type RuleFacts } from '../../shared/banking/bank-rules.ts';
import type { Id } from '../../shared/platform/core/ids.ts';

const BANK = '00000000-0000-4000-8000-0000000000b1' as Id;
const OTHER = '00000000-0000-4000-8000-0000000000b2' as Id;
const rule = (id: string, extra: Partial<RuleFacts> = {}): RuleFacts => ({ id: id as Id, priority: 100, created_at: '2026-01-01T00:00:00.000Z', account_id: null, conditions: [], ...extra });
const line = (amount: number, description: string | null, account = BANK) => ({ account_id: account, amount: scaledAmount(amount, 2), description });

describe('bank rules', () => {
  it('compares text case-insensitively: contains, equals, starts_with', () => {
    const holds = (operator: 'contains' | 'equals' | 'starts_with', value: string, description: string | null) => ruleHolds(rule('r', { conditions: [{ field: 'description', operator, value }] }), line(100, description));
    expect(holds('contains', 'ACME', 'Payment from acme ltd')).toBe(true);
    expect(holds('contains', 'acme', null)).toBe(false);
    expect(holds('equals', 'bank fee', 'BANK FEE')).toBe(true);
    expect(holds('equals', 'bank fee', 'BANK FEE JUNE')).toBe(false);
    expect(holds('starts_with', 'monthly', 'Monthly fee')).toBe(true);
    expect(holds('starts_with', 'fee', 'Monthly fee')).toBe(false);
  });

  it('compares amounts signed, in ten-thousandths, so one rule holds for lines of any currency exactly', () => {
    const between = rule('r', { conditions: [{ field: 'amount', operator: 'lt', value: 0 }, { field: 'amount', operator: 'gt', value: -100_000 }] });
    expect(ruleHolds(between, line(-999, 'x'))).toBe(true);
    expect(ruleHolds(between, line(-1000, 'x'))).toBe(false);
    expect(ruleHolds(between, line(5, 'x'))).toBe(false);
    // 10 yen (no minor digits) and 10.00 dollars are the same major amount.
    const ten = rule('t', { conditions: [{ field: 'amount', operator: 'equals', value: 100_000 }] });
    expect(ruleHolds(ten, { account_id: BANK, amount: scaledAmount(10, 0), description: null })).toBe(true);
    expect(ruleHolds(ten, line(1000, null))).toBe(true);
  });

  it('every condition must hold, and a rule of one account holds only there', () => {
    const both = rule('r', { account_id: BANK, conditions: [{ field: 'description', operator: 'contains', value: 'fee' }, { field: 'amount', operator: 'lt', value: 0 }] });
    expect(ruleHolds(both, line(-450, 'Fee'))).toBe(true);
    expect(ruleHolds(both, line(450, 'Fee'))).toBe(false);
    expect(ruleHolds(both, line(-450, 'Tea'))).toBe(false);
    expect(ruleHolds(both, line(-450, 'Fee', OTHER))).toBe(false);
  });

  it('the first rule that holds wins, by priority then age then id, whatever order the rules are read in', () => {
    const rules = [rule('c', { priority: 5, created_at: '2026-03-01T00:00:00.000Z' }), rule('a', { priority: 5, created_at: '2026-02-01T00:00:00.000Z' }), rule('b', { priority: 1, conditions: [{ field: 'amount', operator: 'gt', value: 0 }] })];
    expect(firstRuleFor(rules, line(100, 'x'))?.id).toBe('b');
    expect(firstRuleFor(rules, line(-100, 'x'))?.id).toBe('a');
    fc.assert(
      fc.property(fc.shuffledSubarray(rules, { minLength: 3, maxLength: 3 }), (shuffled) => {
        expect([...shuffled].sort(byPrecedence).map((item) => item.id)).toEqual(['b', 'a', 'c']);
        expect(firstRuleFor(shuffled, line(-1, null))?.id).toBe('a');
      }),
    );
    expect(firstRuleFor([], line(1, null))).toBeUndefined();
  });
});
