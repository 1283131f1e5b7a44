import type { PostingRule } from './documents.ts';
import { derivedId, type Id } from './ids.ts';

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
} as const satisfies Record<string, { code: string; name: string; type: AccountType }>;

export type SystemAccount = keyof typeof SYSTEM_ACCOUNTS;

/** A system account's id is derived from the business and its role, so a posting finds it without a read. */
export function systemAccountId(businessId: Id, role: SystemAccount): Id {
  return derivedId(`${businessId}:${role}`);
}

export interface JournalLine {
  readonly account_id: Id;
  /** Minor units; exactly one of debit and credit is non-zero. */
  readonly debit: number;
  readonly credit: number;
}

export interface PostingAmounts {
  readonly subtotal: number;
  readonly tax: number;
  readonly total: number;
  /**
   * The subtotal as the lines split it over the revenue or expense accounts they name; what no line names (or all
   * of it, without this) goes to the rule's own account: sales revenue, or purchases and expenses.
   */
  readonly byAccount?: readonly { readonly account_id: Id | null; readonly amount: number }[];
}

const debit = (account_id: Id, amount: number): JournalLine => ({ account_id, debit: amount, credit: 0 });
const credit = (account_id: Id, amount: number): JournalLine => ({ account_id, debit: 0, credit: amount });

/** Moves an amount to the other side when it is negative, and drops zero lines. */
function normalize(lines: readonly JournalLine[]): JournalLine[] {
  return lines
    .map((line) => {
      const net = line.debit - line.credit;
      return net >= 0 ? debit(line.account_id, net) : credit(line.account_id, -net);
    })
    .filter((line) => line.debit !== 0 || line.credit !== 0);
}

/** The subtotal per account, in the order accounts first appear, the default account taking what no line names. */
function splitByAccount(amounts: PostingAmounts, defaultAccount: Id): [Id, number][] {
  const split = new Map<Id, number>();
  for (const line of amounts.byAccount ?? [{ account_id: null, amount: amounts.subtotal }]) {
    const account = line.account_id ?? defaultAccount;
    split.set(account, (split.get(account) ?? 0) + line.amount);
  }
  return [...split];
}

/** The journal lines a posting rule writes for a document's amounts. */
export function postingLines(rule: PostingRule, businessId: Id, amounts: PostingAmounts, cashAccount?: Id): JournalLine[] {
  const account = (role: SystemAccount) => systemAccountId(businessId, role);
  const cash = () => {
    if (!cashAccount) throw new Error(`A ${rule} posting needs a cash-flow account`);
    return cashAccount;
  };
  const credits = (role: SystemAccount) => splitByAccount(amounts, account(role)).map(([id, amount]) => credit(id, amount));
  const debits = (role: SystemAccount) => splitByAccount(amounts, account(role)).map(([id, amount]) => debit(id, amount));
  switch (rule) {
    case 'receivable':
      return normalize([debit(account('accounts_receivable'), amounts.total), ...credits('sales_revenue'), credit(account('tax_payable'), amounts.tax)]);
    case 'receivable_credit':
      return normalize([...debits('sales_revenue'), debit(account('tax_payable'), amounts.tax), credit(account('accounts_receivable'), amounts.total)]);
    case 'payable':
      return normalize([...debits('purchases'), debit(account('tax_receivable'), amounts.tax), credit(account('accounts_payable'), amounts.total)]);
    case 'cash_in':
      return normalize([debit(cash(), amounts.total), ...credits('sales_revenue'), credit(account('tax_payable'), amounts.tax)]);
    case 'cash_out':
      return normalize([...debits('purchases'), debit(account('tax_receivable'), amounts.tax), credit(cash(), amounts.total)]);
    case 'none':
      return [];
  }
}

/**
 * Money received debits the cash-flow account it came into and credits receivables; money paid debits payables
 * and credits the cash-flow account it left.
 */
export function moneyLines(kind: 'receipt' | 'payment', businessId: Id, cashAccount: Id, amount: number): JournalLine[] {
  return kind === 'receipt'
    ? [debit(cashAccount, amount), credit(systemAccountId(businessId, 'accounts_receivable'), amount)]
    : [debit(systemAccountId(businessId, 'accounts_payable'), amount), credit(cashAccount, amount)];
}

/** A cash-flow account's opening balance enters the books against opening balance equity. */
export function openingBalanceLines(businessId: Id, cashAccount: Id, openingBalance: number): JournalLine[] {
  return normalize([debit(cashAccount, openingBalance), credit(systemAccountId(businessId, 'opening_balance_equity'), openingBalance)]);
}

/** The entry that undoes another: every debit becomes a credit of the same amount and the reverse. */
export function reversal(lines: readonly JournalLine[]): JournalLine[] {
  return lines.map((line) => ({ account_id: line.account_id, debit: line.credit, credit: line.debit }));
}

export function isBalanced(lines: readonly JournalLine[]): boolean {
  const debits = lines.reduce((sum, line) => sum + line.debit, 0);
  const credits = lines.reduce((sum, line) => sum + line.credit, 0);
  return debits === credits && lines.every((line) => Number.isSafeInteger(line.debit) && Number.isSafeInteger(line.credit) && line.debit >= 0 && line.credit >= 0);
}
