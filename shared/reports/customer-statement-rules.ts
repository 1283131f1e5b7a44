/**
 * A customer's statement of account (api.md, "Statements"), per currency: the balance owed at the start of the
 * period, each posting to the customer's receivables in it with the balance after it, the balance at its end, and
 * that end balance aged. Pure: exact (BigInt minor units), one block per currency.
 */
import type { AgedAmounts } from './statements.ts';
import { sheetAmount } from '../platform/core/amount-text.ts';
import { partyLines, type Sheet, type SheetParty } from '../sales/index.ts';

/** One posting to the customer's receivables, in its own currency's minor units. */
export interface StatementPosting {
  readonly date: string;
  readonly type: string;
  readonly no: string | null;
  readonly reference: string | null;
  readonly currency: string;
  readonly debit: bigint;
  readonly credit: bigint;
}

export interface StatementBlock {
  readonly currency: string;
  readonly openingBalance: bigint;
  readonly lines: readonly (StatementPosting & { readonly balance: bigint })[];
  readonly closingBalance: bigint;
  readonly aged: AgedAmounts;
}

const NOTHING_AGED: AgedAmounts = { current: 0n, d1_30: 0n, d31_60: 0n, d61_90: 0n, over_90: 0n, total: 0n, base_total: 0n };

/**
 * The blocks of a statement from the period's postings (in date order) and what the customer owed at the period's
 * end, aged, per currency. The opening balance is the closing one less the period's movement, so each block adds up
 * by construction: opening, plus every debit, less every credit, is closing. A currency shows when it moved in the
 * period or is owed at its end.
 */
export function statementBlocks(postings: readonly StatementPosting[], agedAtEnd: ReadonlyMap<string, AgedAmounts>): StatementBlock[] {
  const currencies = [...new Set([...postings.map((posting) => posting.currency), ...[...agedAtEnd].filter(([, aged]) => aged.total !== 0n).map(([currency]) => currency)])].sort();
  return currencies.map((currency) => {
    const own = postings.filter((posting) => posting.currency === currency);
    const aged = agedAtEnd.get(currency) ?? NOTHING_AGED;
    const movement = own.reduce((total, posting) => total + posting.debit - posting.credit, 0n);
    let balance = aged.total - movement;
    const openingBalance = balance;
    const lines = own.map((posting) => {
      balance += posting.debit - posting.credit;
      return { ...posting, balance };
    });
    return { currency, openingBalance, lines, closingBalance: aged.total, aged };
  });
}

/** What a statement's line is, in a customer's words (the PDF's and the dashboard's). */
const LINE_NAMES: Readonly<Record<string, string>> = { invoice: 'Invoice', credit_note: 'Credit note', receipt: 'Payment received', prepayment: 'Payment in advance', refund: 'Refund paid', credit_allocation: 'Credit applied' };
export const statementLineName = (type: string) => LINE_NAMES[type] ?? type;
const AGE_NAMES = [['current', 'Current'], ['d1_30', '1–30 days past due'], ['d31_60', '31–60 days past due'], ['d61_90', '61–90 days past due'], ['over_90', 'Over 90 days past due']] as const;

/**
 * The statement as a sheet to draw: one table, each currency's block opened by its opening balance and closed by its
 * closing one, and each currency's closing balance aged in the totals, the amount owed last.
 */
export function statementSheet(business: SheetParty & { readonly payment_instructions: string | null }, customer: SheetParty, period: { readonly from: string; readonly to: string }, blocks: readonly StatementBlock[]): Sheet {
  const rows = blocks.flatMap(({ currency, openingBalance, lines, closingBalance }) => {
    const amount = (minor: bigint) => (minor === 0n ? '' : sheetAmount(minor, currency));
    return [
      [period.from, `Opening balance ${currency}`, '', '', sheetAmount(openingBalance, currency)],
      ...lines.map((line) => [line.date, [statementLineName(line.type), line.no, line.reference ? `(${line.reference})` : null].filter(Boolean).join(' '), amount(line.debit), amount(line.credit), sheetAmount(line.balance, currency)]),
      [period.to, `Closing balance ${currency}`, '', '', sheetAmount(closingBalance, currency)],
    ];
  });
  const totals = blocks.flatMap(({ currency, aged }) => [
    ...AGE_NAMES.filter(([bucket]) => aged[bucket] !== 0n).map(([bucket, name]): [string, string] => [`${name} ${currency}`, sheetAmount(aged[bucket], currency)]),
    // A customer in credit is owed, not owing: the amount reads as what it has in hand, never as a negative debt.
    (aged.total < 0n ? [`In credit ${currency}`, sheetAmount(-aged.total, currency)] : [`Amount owed ${currency}`, sheetAmount(aged.total, currency)]) as [string, string],
  ]);
  return {
    title: 'Statement',
    layout: 'statement',
    no: `${period.from} to ${period.to}`,
    void: false,
    meta: [['From', period.from], ['To', period.to]],
    from: partyLines(business),
    to: partyLines(customer),
    columns: ['Date', 'Details', 'Debit', 'Credit', 'Balance'],
    rows: rows.length > 0 ? rows : [[period.to, 'Nothing owed and nothing posted in this period', '', '', '']],
    totals: totals.length > 0 ? totals : [['Amount owed', '0']],
    paymentInstructions: blocks.some((block) => block.closingBalance > 0n) ? business.payment_instructions : null,
    note: null,
    link: null,
  };
}

export interface StatementMailFacts {
  readonly businessName: string;
  readonly customerName: string;
  readonly from: string;
  readonly to: string;
  /** What the customer owes at the end of the period, per currency, as written on the statement. */
  readonly owed: readonly string[];
  /** What the customer has in credit at the end of the period, per currency (absent: none). */
  readonly inCredit?: readonly string[];
  readonly message: string | null;
}

export function statementSubject(facts: Pick<StatementMailFacts, 'businessName' | 'from' | 'to'>): string {
  return `Statement from ${facts.businessName}, ${facts.from} to ${facts.to}`;
}

/** The plain-text body: a greeting, the sender's words or a line about the statement, and what is owed. */
export function statementMailText(facts: StatementMailFacts): string {
  const words = facts.message ?? `Please find attached your statement of account from ${facts.from} to ${facts.to}.`;
  const owed = facts.owed.length > 0 ? `Owed on ${facts.to}: ${facts.owed.join(', ')}.` : `Nothing was owed on ${facts.to}.`;
  const credit = facts.inCredit?.length ? [`In credit on ${facts.to}: ${facts.inCredit.join(', ')}.`] : [];
  return [`Dear ${facts.customerName},`, '', words, '', owed, ...credit, '', facts.businessName, ''].join('\n');
}
