/**
 * Bank rules: a business's standing instructions for bank-feed lines. A rule that holds for a new line marks it
 * (`rule_id`, and it leads the line's suggestions); an `auto` categorize rule posts the line as a bank transaction
 * at import. At most 100 rules a business, read whole (one Query) when lines arrive.
 */
import { addAuditEntry } from '../platform/trail/write.ts';
import { changedAction, createdAction, deletedAction } from '../platform/trail/actions.ts';
import { accountStore, cashAccountProblem, journalAccountProblem, lineTrackingProblems, normalTracking, readTaxRates, shownTracking, toScaled } from '../ledger/index.ts';
import { collection } from '../platform/db/collection.ts';
import { readCounter } from '../platform/db/query.ts';
import { counterKey, recordKey } from '../platform/db/keys.ts';
import { WriteTransaction } from '../platform/db/transaction.ts';
import { firstRuleFor, scaledAmount, type RuleCondition, type RuleFacts } from './bank-rules.ts';
import { NotFound, RuleViolation, StateConflict, type FieldProblem } from '../platform/core/errors.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { minorDigits } from '../platform/core/money.ts';
import type { Page, PageRequest } from '../platform/core/paging.ts';
import { batchGet } from '../platform/db/query.ts';
import type { BankRuleCreateInput, BankRuleUpdateInput } from './schemas.ts';

export const MAX_BANK_RULES = 100;

export interface BankRuleRecord {
  readonly id: Id;
  readonly name: string;
  readonly priority: number;
  readonly account_id: Id | null;
  /** As sent: amounts in major units. */
  readonly conditions: BankRuleCreateInput['conditions'];
  readonly action: BankRuleCreateInput['action'];
  readonly auto: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

/** By precedence: priority, then age. */
export const bankRuleStore = collection<BankRuleRecord>({ kind: 'BANK_RULE', order: (rule) => `RULE#${String(rule.priority).padStart(7, '0')}#${rule.created_at}#${rule.id}` });

export function toBankRuleResource(rule: BankRuleRecord) {
  const action = 'categorize' in rule.action ? { categorize: { account_id: rule.action.categorize.account_id, tax_rate: rule.action.categorize.tax_rate, tax_rate_id: rule.action.categorize.tax_rate_id ?? null, tracking: shownTracking(normalTracking(rule.action.categorize.tracking)) } } : { party_id: rule.action.party_id };
  return { id: rule.id, name: rule.name, priority: rule.priority, account_id: rule.account_id, conditions: rule.conditions.map((condition) => ({ ...condition })), action, auto: rule.auto, created_at: rule.created_at, updated_at: rule.updated_at };
}

/** The accounts, party and tax rate a rule names must exist and fit: problems, each naming its field. */
async function referenceProblems(businessId: Id, rule: Pick<BankRuleRecord, 'account_id' | 'action'>): Promise<FieldProblem[]> {
  const categorizeTo = 'categorize' in rule.action ? rule.action.categorize.account_id : undefined;
  const party = 'party_id' in rule.action ? rule.action.party_id : undefined;
  const keys = [
    ...(rule.account_id ? [accountStore.keyOf(businessId, rule.account_id)] : []),
    ...(categorizeTo ? [accountStore.keyOf(businessId, categorizeTo)] : []),
    ...(party ? [recordKey(businessId, 'CUSTOMER', party), recordKey(businessId, 'VENDOR', party)] : []),
  ];
  const read = await batchGet(keys);
  const problems: FieldProblem[] = [];
  if (rule.account_id) {
    const problem = cashAccountProblem(accountStore.fromItem(read(accountStore.keyOf(businessId, rule.account_id)))?.record, undefined, 'account_id');
    if (problem) problems.push(problem);
  }
  if (categorizeTo) {
    const account = accountStore.fromItem(read(accountStore.keyOf(businessId, categorizeTo)))?.record;
    const field = 'action.categorize.account_id';
    const problem = account?.cash_flow ? { field, message: 'is a bank or cash account; a transfer is matched, not categorized' } : journalAccountProblem(account, field);
    if (problem) problems.push(problem);
  }
  if (party && !read(recordKey(businessId, 'CUSTOMER', party)) && !read(recordKey(businessId, 'VENDOR', party))) problems.push({ field: 'action.party_id', message: 'is neither a customer nor a vendor of this business' });
  if ('categorize' in rule.action) problems.push(...(await lineTrackingProblems(businessId, [rule.action.categorize], () => 'action.categorize')));
  const rateId = 'categorize' in rule.action ? rule.action.categorize.tax_rate_id : undefined;
  if (rateId) {
    const rate = (await readTaxRates(businessId)).find((candidate) => candidate.record.id === rateId)?.record;
    if (!rate || rate.archived) problems.push({ field: 'action.categorize.tax_rate_id', message: rate ? `names an archived tax rate (${rate.name})` : 'does not exist' });
  }
  return problems;
}

export async function createBankRule(businessId: Id, input: BankRuleCreateInput) {
  const problems = await referenceProblems(businessId, { account_id: input.account_id ?? null, action: input.action });
  if (problems.length > 0) throw new RuleViolation(problems);
  if ((await readCounter(counterKey(businessId, 'BANK_RULE'))) >= MAX_BANK_RULES) throw new StateConflict(`A business keeps at most ${MAX_BANK_RULES} bank rules; delete one first.`);
  const now = new Date().toISOString();
  const rule: BankRuleRecord = { id: newId(), name: input.name, priority: input.priority, account_id: input.account_id ?? null, conditions: input.conditions, action: input.action, auto: input.auto, created_at: now, updated_at: now };
  const tx = new WriteTransaction();
  bankRuleStore.addCreate(tx, businessId, rule);
  addAuditEntry(tx, businessId, createdAction('bank_rule', toBankRuleResource(rule)));
  await tx.commit();
  return toBankRuleResource(rule);
}

export async function listBankRules(businessId: Id, page: PageRequest): Promise<Page<ReturnType<typeof toBankRuleResource>>> {
  const result = await bankRuleStore.page(businessId, page);
  return { ...result, items: result.items.map(toBankRuleResource) };
}

export async function updateBankRule(businessId: Id, id: Id, patch: BankRuleUpdateInput) {
  const stored = await bankRuleStore.get(businessId, id);
  if (!stored) throw new NotFound('bank rule');
  const next: BankRuleRecord = { ...stored.record, ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)), updated_at: new Date().toISOString() };
  if (next.auto && !('categorize' in next.action)) throw RuleViolation.of('auto', 'is only for a categorize rule');
  const problems = await referenceProblems(businessId, next);
  if (problems.length > 0) throw new RuleViolation(problems);
  const tx = new WriteTransaction();
  bankRuleStore.addReplace(tx, businessId, next, stored.version, stored.record);
  addAuditEntry(tx, businessId, changedAction('updated', 'bank_rule', toBankRuleResource(stored.record), toBankRuleResource(next)));
  await tx.commit();
  return toBankRuleResource(next);
}

export async function deleteBankRule(businessId: Id, id: Id) {
  const stored = await bankRuleStore.get(businessId, id);
  if (!stored) throw new NotFound('bank rule');
  const tx = new WriteTransaction();
  bankRuleStore.addRemove(tx, businessId, stored.record, stored.version);
  addAuditEntry(tx, businessId, deletedAction('bank_rule', toBankRuleResource(stored.record)));
  await tx.commit();
  return toBankRuleResource(stored.record);
}

/** A rule's facts in the scale lines are compared in (ten-thousandths), ready for `firstRuleFor`. */
function factsOf(rule: BankRuleRecord): RuleFacts & { readonly record: BankRuleRecord } {
  const conditions = rule.conditions.map((condition): RuleCondition => (condition.field === 'amount' ? { ...condition, value: Number(toScaled(condition.value)) } : condition));
  return { id: rule.id, priority: rule.priority, created_at: rule.created_at, account_id: rule.account_id, conditions, record: rule };
}

/** Finds, for each line, the first rule of the business that holds for it (the rules read once). */
export async function ruleFinder(businessId: Id): Promise<(line: { readonly account_id: Id; readonly amount: number; readonly currency: string; readonly description: string | null }) => BankRuleRecord | undefined> {
  const rules = (await bankRuleStore.all(businessId)).map(factsOf);
  if (rules.length === 0) return () => undefined;
  return (line) => firstRuleFor(rules, { account_id: line.account_id, description: line.description, amount: scaledAmount(line.amount, minorDigits(line.currency)) })?.record;
}
