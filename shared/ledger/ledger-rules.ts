import type { PostingRule } from './documents/specs.ts';
import { derivedId, type Id } from '../platform/core/ids.ts';
import { trackingKey, withTracking, type TrackingRef } from './tracking/tracking-rules.ts';

export type AccountType = 'asset' | 'liability' | 'equity' | 'revenue' | 'expense';

/** The accounts every business is created with. Cash-flow accounts are added one by one. */
export const SYSTEM_ACCOUNTS = {
  accounts_receivable: { code: '1100', name: 'Accounts receivable', type: 'asset' },
  tax_receivable: { code: '1200', name: 'Tax receivable', type: 'asset' },
  accounts_payable: { code: '2100', name: 'Accounts payable', type: 'liability' },
  tax_payable: { code: '2200', name: 'Tax payable', type: 'liability' },
  opening_balance_equity: { code: '3000', name: 'Opening balance equity', type: 'equity' },
  sales_revenue: { code: '4000', name: 'Sales revenue', type: 'revenue' },
  purchases: { code: '5000', name: 'Purchases and expenses', type: 'expense' },
  realized_fx: { code: '4900', name: 'Realized currency gains and losses', type: 'revenue' },
} as const satisfies Record<string, { code: string; name: string; type: AccountType }>;

export type SystemAccount = keyof typeof SYSTEM_ACCOUNTS;

/** A system account's id is derived from the business and its role, so a posting finds it without a read. */
export function systemAccountId(businessId: Id, role: SystemAccount): Id {
  return derivedId(`${businessId}:${role}`);
}

export interface JournalLine {
  readonly account_id: Id;
  /** Minor units of the entry's currency; at most one of debit and credit is non-zero. */
  readonly debit: number;
  readonly credit: number;
  /**
   * Minor units of the home currency, when the posting states them (a settlement at its document's rate); the one
   * posting path converts the others at the entry's rate (`home-amounts.ts`).
   */
  readonly base_debit?: number;
  readonly base_credit?: number;
  /** The tracking options of a revenue, expense or journal line (absent: unassigned); reversals keep them. */
  readonly tracking?: readonly TrackingRef[];
}

export interface PostingAmounts {
  readonly subtotal: number;
  readonly tax: number;
  readonly total: number;
  /**
   * The subtotal as the lines split it over the revenue or expense accounts they name; what no line names (or all
   * of it, without this) goes to the rule's own account: sales revenue, or purchases and expenses.
   */
  readonly byAccount?: readonly { readonly account_id: Id | null; readonly amount: number; readonly tracking?: readonly TrackingRef[] | undefined }[];
  /** Of a purchase at reverse-charge rates: the tax self-assessed, booked to both tax receivable and tax payable. */
  readonly selfAssessed?: number;
}

const debit = (account_id: Id, amount: number, tracking?: readonly TrackingRef[]): JournalLine => ({ account_id, debit: amount, credit: 0, ...withTracking(tracking) });
const credit = (account_id: Id, amount: number, tracking?: readonly TrackingRef[]): JournalLine => ({ account_id, debit: 0, credit: amount, ...withTracking(tracking) });

/** Moves an amount to the other side when it is negative, and drops zero lines. */
function normalize(lines: readonly JournalLine[]): JournalLine[] {
  return lines
    .map((line) => {
      const net = line.debit - line.credit;
      return net >= 0 ? debit(line.account_id, net, line.tracking) : credit(line.account_id, -net, line.tracking);
    })
    .filter((line) => line.debit !== 0 || line.credit !== 0);
}

/**
 * The subtotal per account and tracking, in the order they first appear, the default account taking what no line
 * names: lines of one account and the same options post as one line, lines of other options apart.
 */
function splitByAccount(amounts: PostingAmounts, defaultAccount: Id): { account: Id; amount: number; tracking: readonly TrackingRef[] | undefined }[] {
  const split = new Map<string, { account: Id; amount: number; tracking: readonly TrackingRef[] | undefined }>();
  for (const line of amounts.byAccount ?? [{ account_id: null, amount: amounts.subtotal }]) {
    const account = line.account_id ?? defaultAccount;
    const key = `${account}|${trackingKey(line.tracking)}`;
    const at = split.get(key) ?? { account, amount: 0, tracking: line.tracking };
    split.set(key, { ...at, amount: at.amount + line.amount });
  }
  return [...split.values()];
}

/** The journal lines a posting rule writes for a document's amounts. */
export function postingLines(rule: PostingRule, businessId: Id, amounts: PostingAmounts, cashAccount?: Id): JournalLine[] {
  const account = (role: SystemAccount) => systemAccountId(businessId, role);
  const cash = () => {
    if (!cashAccount) throw new Error(`A ${rule} posting needs a cash-flow account`);
    return cashAccount;
  };
  const credits = (role: SystemAccount) => splitByAccount(amounts, account(role)).map((line) => credit(line.account, line.amount, line.tracking));
  const debits = (role: SystemAccount) => splitByAccount(amounts, account(role)).map((line) => debit(line.account, line.amount, line.tracking));
  const selfAssessed = [debit(account('tax_receivable'), amounts.selfAssessed ?? 0), credit(account('tax_payable'), amounts.selfAssessed ?? 0)];
  switch (rule) {
    case 'receivable':
      return normalize([debit(account('accounts_receivable'), amounts.total), ...credits('sales_revenue'), credit(account('tax_payable'), amounts.tax)]);
    case 'receivable_credit':
      return normalize([...debits('sales_revenue'), debit(account('tax_payable'), amounts.tax), credit(account('accounts_receivable'), amounts.total)]);
    case 'payable':
      return normalize([...debits('purchases'), debit(account('tax_receivable'), amounts.tax), credit(account('accounts_payable'), amounts.total), ...selfAssessed]);
    case 'payable_credit':
      return normalize([debit(account('accounts_payable'), amounts.total), ...credits('purchases'), credit(account('tax_receivable'), amounts.tax), ...reversal(selfAssessed)]);
    case 'cash_in':
      return normalize([debit(cash(), amounts.total), ...credits('sales_revenue'), credit(account('tax_payable'), amounts.tax)]);
    case 'cash_out':
      return normalize([...debits('purchases'), debit(account('tax_receivable'), amounts.tax), credit(cash(), amounts.total), ...selfAssessed]);
    case 'prepayment_in':
      return normalize([debit(cash(), amounts.total), credit(account('accounts_receivable'), amounts.total)]);
    case 'prepayment_out':
      return normalize([debit(account('accounts_payable'), amounts.total), credit(cash(), amounts.total)]);
    case 'none':
      return [];
  }
}

/**
 * Money received debits the cash-flow account it came into and credits receivables; money paid debits payables
 * and credits the cash-flow account it left. With `relievedInHome`, the receivable or payable line states its home
 * amount (the documents' booked value); the posting path books what differs from the cash's as a realized gain.
 */
export function moneyLines(kind: 'receipt' | 'payment', businessId: Id, cashAccount: Id, amount: number, relievedInHome?: number): JournalLine[] {
  // The receivable or payable is relieved at its documents' own rates (in home units), the cash at the money's.
  const relief = relievedInHome === undefined ? {} : kind === 'receipt' ? { base_debit: 0, base_credit: relievedInHome } : { base_debit: relievedInHome, base_credit: 0 };
  return kind === 'receipt'
    ? [debit(cashAccount, amount), { ...credit(systemAccountId(businessId, 'accounts_receivable'), amount), ...relief }]
    : [{ ...debit(systemAccountId(businessId, 'accounts_payable'), amount), ...relief }, credit(cashAccount, amount)];
}

/**
 * Money back to a customer out of its credit debits receivables (the credit, at its own rate in home units) and
 * credits the cash-flow account; money back from a vendor the reverse, against payables. The posting path books
 * what the cash is worth at the refund's rate beyond the credit's value as a realized gain or loss.
 */
export function refundLines(party: 'customer' | 'vendor', businessId: Id, cashAccount: Id, amount: number, relievedInHome: number): JournalLine[] {
  return party === 'customer'
    ? [{ ...debit(systemAccountId(businessId, 'accounts_receivable'), amount), base_debit: relievedInHome, base_credit: 0 }, credit(cashAccount, amount)]
    : [debit(cashAccount, amount), { ...credit(systemAccountId(businessId, 'accounts_payable'), amount), base_debit: 0, base_credit: relievedInHome }];
}

/** A cash-flow account's opening balance enters the books against opening balance equity. */
export function openingBalanceLines(businessId: Id, cashAccount: Id, openingBalance: number): JournalLine[] {
  return normalize([debit(cashAccount, openingBalance), credit(systemAccountId(businessId, 'opening_balance_equity'), openingBalance)]);
}

/** The entry that undoes another: every debit becomes a credit of the same amount and the reverse. */
export function reversal<L extends JournalLine>(lines: readonly L[]): L[] {
  return lines.map((line) => ({
    ...line,
    debit: line.credit,
    credit: line.debit,
    ...(line.base_debit !== undefined || line.base_credit !== undefined ? { base_debit: line.base_credit, base_credit: line.base_debit } : {}),
  }));
}

const isAmount = (value: number | undefined) => value === undefined || (Number.isSafeInteger(value) && value >= 0);

/** Debits equal credits in the entry's currency and, where lines carry them, in the home currency. */
export function isBalanced(lines: readonly JournalLine[]): boolean {
  const total = (pick: (line: JournalLine) => number | undefined) => lines.reduce((sum, line) => sum + (pick(line) ?? 0), 0);
  return (
    total((line) => line.debit) === total((line) => line.credit) &&
    total((line) => line.base_debit) === total((line) => line.base_credit) &&
    lines.every((line) => isAmount(line.debit) && isAmount(line.credit) && isAmount(line.base_debit) && isAmount(line.base_credit))
  );
}
