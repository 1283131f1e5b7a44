/**
 * Statement lines arriving on an account (the API, an import): stored once each, every new line marked with the
 * first bank rule that holds for it, and a line whose rule is an `auto` categorize rule then posted as a bank
 * transaction through the one posting path. A posting the rule cannot make (a line dated on or before the lock
 * date) leaves the line unmatched and marked: it is listed, never lost.
 */
import type { Id } from '../platform/core/ids.ts';
import { PeriodLocked, RuleViolation, StateConflict } from '../platform/core/errors.ts';
import { addLines, lineStore, toLineResource, type BankLineResource, type LineInput, type LineSource, type StatedBalance } from './lines.ts';
import { categorizeLine } from './reconcile.ts';
import { trackedAs } from '../ledger/index.ts';
import type { TrackingRef } from '../ledger/index.ts';
import { bankRuleStore, ruleFinder, type BankRuleRecord } from './rules.ts';

export interface LinesReceived {
  readonly added: BankLineResource[];
  readonly skipped: { readonly index: number; readonly external_id: string | null }[];
  /** Lines an auto rule posted. */
  readonly categorized: number;
}

/** The account and tax rate an auto rule posts a line to, when the rule is one. */
const autoAction = (rule: BankRuleRecord | undefined) => (rule?.auto && 'categorize' in rule.action ? rule.action.categorize : undefined);

/** Posts a line its auto rule names; whether it ended categorized. A refusal of the rule's posting leaves the line as it was. */
async function categorizeByRule(businessId: Id, line: BankLineResource, action: { account_id: Id; tax_rate: number; tax_rate_id?: Id | null | undefined; tracking?: readonly TrackingRef[] | undefined }): Promise<BankLineResource> {
  try {
    return await categorizeLine(businessId, line.id, { account_id: action.account_id, ...(action.tax_rate_id ? { tax_rate_id: action.tax_rate_id } : { tax_rate: action.tax_rate }), ...trackedAs(action.tracking) });
  } catch (error) {
    // The rule's posting is refused (a locked date, an account archived since, no rate): the line stays marked.
    if (!(error instanceof PeriodLocked || error instanceof RuleViolation || error instanceof StateConflict)) throw error;
    // A conflict may be another attempt of the same queued import (a chunk's message delivered twice at once after a
    // restart) categorizing it first: the line as it now is says so, and the chunk counts it.
    if (error instanceof StateConflict) {
      const current = await lineStore.get(businessId, line.id);
      return current ? toLineResource(current.record) : line;
    }
    return line;
  }
}

/** What a queued import's chunk learns beside: the lines of its own an earlier attempt stored, and how many of them ended categorized. */
export interface ChunkReceived extends LinesReceived {
  readonly earlier: { readonly count: number; readonly categorized: number };
}

export async function receiveLines(businessId: Id, accountId: Id, lines: readonly LineInput[], source: LineSource, stated?: StatedBalance, importId?: Id): Promise<ChunkReceived> {
  const ruleFor = await ruleFinder(businessId);
  const result = await addLines(businessId, accountId, lines, source, { stated, importId, ruleOf: (line) => ruleFor(line)?.id });
  // A queued import run again finds the lines its earlier attempt stored: those an auto rule has not posted yet are posted now.
  const earlier = (await lineStore.getMany(businessId, result.ownedBefore)).map(toLineResource);
  const rules = new Map((await bankRuleStore.getMany(businessId, [...new Set([...result.added, ...earlier].flatMap((line) => (line.rule_id ? [line.rule_id] : [])))])).map((rule) => [rule.id, rule]));
  const settle = async (line: BankLineResource) => {
    const action = autoAction(line.rule_id ? rules.get(line.rule_id) : undefined);
    return action ? categorizeByRule(businessId, line, action) : line;
  };
  const added: BankLineResource[] = [];
  for (const line of result.added) added.push(await settle(line));
  const settledEarlier: BankLineResource[] = [];
  for (const line of earlier) settledEarlier.push(line.status === 'unmatched' ? await settle(line) : line);
  const categorized = (of: readonly BankLineResource[]) => of.filter((line) => line.status === 'categorized' && line.rule_id !== null).length;
  return { added, skipped: result.skipped, categorized: categorized(added), earlier: { count: earlier.length, categorized: categorized(settledEarlier) } };
}
