/**
 * Bank rules, pure: whether a rule holds for a bank-feed line, and which rule a line takes. Every condition of a
 * rule must hold; text compares case-insensitively; amounts compare signed (money in is positive), in the line's
 * minor units; rules apply by priority (lowest first), then age, and the first that holds wins.
 */
import type { Id } from '../platform/core/ids.ts';

export const RULE_FIELDS = ['description', 'amount'] as const;
export const TEXT_OPERATORS = ['contains', 'equals', 'starts_with'] as const;
export const AMOUNT_OPERATORS = ['equals', 'gt', 'lt'] as const;

export type RuleCondition =
  | { readonly field: 'description'; readonly operator: (typeof TEXT_OPERATORS)[number]; readonly value: string }
  /** `value` in ten-thousandths of a major unit, like the line's amount: one rule compares lines of any currency. */
  | { readonly field: 'amount'; readonly operator: (typeof AMOUNT_OPERATORS)[number]; readonly value: number };

export interface RuleFacts {
  readonly id: Id;
  readonly priority: number;
  readonly created_at: string;
  /** One bank account, or null for every account. */
  readonly account_id: Id | null;
  readonly conditions: readonly RuleCondition[];
}

export interface LineFacts {
  readonly account_id: Id;
  /** Signed, in ten-thousandths of a major unit (`scaledAmount`). */
  readonly amount: number;
  readonly description: string | null;
}

/** A line's minor units in ten-thousandths of its currency's major unit, the scale rule amounts are kept in. */
export function scaledAmount(minor: number, minorDigits: number): number {
  return minor * 10 ** (4 - minorDigits);
}

function conditionHolds(condition: RuleCondition, line: LineFacts): boolean {
  if (condition.field === 'amount') {
    if (condition.operator === 'equals') return line.amount === condition.value;
    return condition.operator === 'gt' ? line.amount > condition.value : line.amount < condition.value;
  }
  const text = (line.description ?? '').toLocaleLowerCase('en');
  const value = condition.value.toLocaleLowerCase('en');
  if (condition.operator === 'contains') return text.includes(value);
  return condition.operator === 'equals' ? text === value : text.startsWith(value);
}

export function ruleHolds(rule: RuleFacts, line: LineFacts): boolean {
  return (rule.account_id === null || rule.account_id === line.account_id) && rule.conditions.every((condition) => conditionHolds(condition, line));
}

/** The order rules apply in: by priority, then the older first (then by id, so the order is total). */
export function byPrecedence(a: RuleFacts, b: RuleFacts): number {
  return a.priority - b.priority || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);
}

export function firstRuleFor<R extends RuleFacts>(rules: readonly R[], line: LineFacts): R | undefined {
  return [...rules].sort(byPrecedence).find((rule) => ruleHolds(rule, line));
}
