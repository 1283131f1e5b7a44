/**
 * Statement lines arriving on an account (the API, an import): stored once each, every new line marked with the
 * first bank rule that holds for it, and a line whose rule is an `auto` categorize rule then posted as a bank
 * transaction through the one posting path. A posting the rule cannot make (a line dated on or before the lock
 * date) leaves the line unmatched and marked: it is listed, never lost.
 */
import type { Id } from '../domain/ids.ts';
import { PeriodLocked, RuleViolation, StateConflict } from '../domain/errors.ts';
import { addLines, type BankLineResource, type LineInput, type LineSource, type StatedBalance } from './lines.ts';
import { categorizeLine } from './reconcile.ts';
import { ruleFinder } from './rules.ts';

export interface LinesReceived {
  readonly added: BankLineResource[];
  readonly skipped: { readonly index: number; readonly external_id: string | null }[];
  /** Lines an auto rule posted. */
  readonly categorized: number;
}

export async function receiveLines(businessId: Id, accountId: Id, lines: readonly LineInput[], source: LineSource, stated?: StatedBalance): Promise<LinesReceived> {
  const ruleFor = await ruleFinder(businessId);
  const autoRules = new Map<Id, { account_id: Id; tax_rate: number }>();
  const result = await addLines(businessId, accountId, lines, source, stated, (line) => {
    const rule = ruleFor(line);
    if (rule?.auto && 'categorize' in rule.action) autoRules.set(line.id, rule.action.categorize);
    return rule?.id;
  });
  let categorized = 0;
  const added: BankLineResource[] = [];
  for (const line of result.added) {
    const action = autoRules.get(line.id);
    if (!action) {
      added.push(line);
      continue;
    }
    try {
      added.push(await categorizeLine(businessId, line.id, { account_id: action.account_id, tax_rate: action.tax_rate }));
      categorized++;
    } catch (error) {
      // The rule's posting is refused (a locked date, an account archived since, no rate): the line stays marked.
      if (!(error instanceof PeriodLocked || error instanceof RuleViolation || error instanceof StateConflict)) throw error;
      added.push(line);
    }
  }
  return { added, skipped: result.skipped, categorized };
}
