import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categorizedLines, unmatchedSpans, matchedTotalProblem, matchProblem, netOnAccount, transferLines, transitionProblem, LINE_STATUSES, type MatchableEntry } from '../../shared/banking/bank-reconciliation.ts';
import { isBalanced, systemAccountId } from '../../shared/ledger/ledger-rules.ts';
import type { Id } from '../../shared/platform/core/ids.ts';
import { exclusiveTax, inclusiveTax } from '../../shared/ledger/totals.ts';

const BUSINESS = '00000000-0000-4000-8000-000000000001' as Id;
const BANK = '00000000-0000-4000-8000-0000000000b1' as Id;
const OTHER = '00000000-0000-4000-8000-0000000000b2' as Id;
const EXPENSE = '00000000-0000-4000-8000-0000000000e1' as Id;

const receipt = (amount: number, extra: Partial<MatchableEntry> = {}): MatchableEntry => ({
  id: '00000000-0000-4000-8000-0000000000a1' as Id,
  document_type: 'receipt',
  currency: 'USD',
  lines: [
    { account_id: BANK, debit: amount, credit: 0 },
    { account_id: systemAccountId(BUSINESS, 'accounts_receivable'), debit: 0, credit: amount },
  ],
  reverses: null,
  ...extra,
});
const line = { account_id: BANK, currency: 'USD' };

describe('bank-feed line life', () => {
  it('only an unmatched line is matched, categorized or excluded; only a line that is not is undone', () => {
    for (const status of LINE_STATUSES) {
      for (const action of ['match', 'categorize', 'exclude'] as const) expect(transitionProblem(status, action) === null).toBe(status === 'unmatched');
      expect(transitionProblem(status, 'undo') === null).toBe(status !== 'unmatched');
    }
  });
});

describe('matching', () => {
  it("takes a posting's net on the line's account, money in positive", () => {
    expect(netOnAccount(receipt(330), BANK)).toBe(330);
    expect(netOnAccount(receipt(330), OTHER)).toBe(0);
    expect(netOnAccount({ lines: transferLines(BANK, OTHER, 200) }, BANK)).toBe(-200);
    expect(netOnAccount({ lines: transferLines(BANK, OTHER, 200) }, OTHER)).toBe(200);
  });

  it('refuses a missing, reversed, foreign-currency, other-account or non-cash posting, naming the field', () => {
    expect(matchProblem(undefined, line, false, 'money_id')).toEqual({ field: 'money_id', message: 'does not exist' });
    expect(matchProblem(receipt(1), line, true, 'f')?.message).toBe('is voided (reversed)');
    expect(matchProblem(receipt(1, { reverses: 'x' as Id }), line, false, 'f')?.message).toBe('is voided (reversed)');
    expect(matchProblem(receipt(1, { document_type: 'invoice' }), line, false, 'f')?.message).toContain('invoice posting');
    expect(matchProblem(receipt(1, { document_type: 'bank_transaction' }), line, false, 'f')?.message).toContain('bank transaction posting');
    expect(matchProblem(receipt(1, { currency: 'EUR' }), line, false, 'f')?.message).toBe("is in EUR, not the account's USD");
    expect(matchProblem(receipt(1), { account_id: OTHER, currency: 'USD' }, false, 'f')?.message).toBe("does not post to this line's account");
    expect(matchProblem(receipt(1), line, false, 'f')).toBeNull();
  });

  it('postings match a line only when their nets add up to it exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10_000, max: 10_000 }), { minLength: 1, maxLength: 25 }), fc.integer({ min: -250_000, max: 250_000 }), (nets, amount) => {
        const problem = matchedTotalProblem(nets, amount, 'journal_entry_ids', String);
        expect(problem === null).toBe(nets.reduce((sum, net) => sum + net, 0) === amount);
      }),
    );
  });
});

describe('categorizing', () => {
  it('splits the tax out of the gross amount and balances, money in and money out', () => {
    expect(inclusiveTax(1100, 10)).toBe(100);
    expect(categorizedLines(BUSINESS, BANK, EXPENSE, -1100, 10)).toEqual([
      { account_id: EXPENSE, debit: 1000, credit: 0 },
      { account_id: systemAccountId(BUSINESS, 'tax_receivable'), debit: 100, credit: 0 },
      { account_id: BANK, debit: 0, credit: 1100 },
    ]);
    expect(categorizedLines(BUSINESS, BANK, EXPENSE, 500, 0)).toEqual([
      { account_id: BANK, debit: 500, credit: 0 },
      { account_id: EXPENSE, debit: 0, credit: 500 },
    ]);
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }).filter((amount) => amount !== 0), fc.integer({ min: 0, max: 1_000_000 }), (amount, rateScaled) => {
        const lines = categorizedLines(BUSINESS, BANK, EXPENSE, amount, rateScaled / 10_000);
        expect(isBalanced(lines)).toBe(true);
        expect(netOnAccount({ lines }, BANK)).toBe(amount);
      }),
    );
  });

  it('money out at a reverse-charge rate carries no tax and books the self-assessed tax to both tax accounts; money in never self-assesses', () => {
    expect(exclusiveTax(25_000, 20)).toBe(5_000);
    expect(categorizedLines(BUSINESS, BANK, EXPENSE, -25_000, 0, 5_000)).toEqual([
      { account_id: EXPENSE, debit: 25_000, credit: 0 },
      { account_id: BANK, debit: 0, credit: 25_000 },
      { account_id: systemAccountId(BUSINESS, 'tax_receivable'), debit: 5_000, credit: 0 },
      { account_id: systemAccountId(BUSINESS, 'tax_payable'), debit: 0, credit: 5_000 },
    ]);
    expect(categorizedLines(BUSINESS, BANK, EXPENSE, 25_000, 0, 5_000)).toEqual(categorizedLines(BUSINESS, BANK, EXPENSE, 25_000, 0));
  });
});

describe('the spans a posting and its line count as unmatched', () => {
  it('a posting is unmatched from its date to its void, or to a later line; a line before its posting is unexplained until the posting', () => {
    expect(unmatchedSpans({ date: '2026-02-10' })).toEqual({ posting: { from: '2026-02-10', until: null }, line: null });
    expect(unmatchedSpans({ date: '2026-02-10', lineDate: '2026-02-12' })).toEqual({ posting: { from: '2026-02-10', until: '2026-02-12' }, line: null });
    expect(unmatchedSpans({ date: '2026-02-10', lineDate: '2026-02-10' })).toEqual({ posting: null, line: null });
    expect(unmatchedSpans({ date: '2026-02-20', lineDate: '2026-02-18' })).toEqual({ posting: null, line: { from: '2026-02-18', until: '2026-02-20' } });
    expect(unmatchedSpans({ date: '2026-02-05', voidedOn: '2026-02-25' })).toEqual({ posting: { from: '2026-02-05', until: '2026-02-25' }, line: null });
    expect(unmatchedSpans({ date: '2026-02-05', voidedOn: '2026-02-05' })).toEqual({ posting: null, line: null });
  });

  it('property: at every date, the feed less the books is the unmatched lines less the unmatched postings', () => {
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, '0')}`);
    const posting = fc.record({ date: day, amount: fc.integer({ min: -500, max: 500 }), voided: fc.option(day), line: fc.option(day) });
    fc.assert(
      fc.property(fc.array(posting, { maxLength: 8 }), fc.array(fc.record({ date: day, amount: fc.integer({ min: -500, max: 500 }) }), { maxLength: 4 }), day, (postings, looseLines, asOf) => {
        const within = (span: { from: string; until: string | null } | null) => span !== null && span.from <= asOf && (span.until === null || asOf < span.until);
        let feed = 0;
        let books = 0;
        let unmatchedLines = 0;
        let unmatchedPostings = 0;
        for (const line of looseLines) {
          if (line.date > asOf) continue;
          feed += line.amount;
          unmatchedLines += line.amount;
        }
        for (const p of postings) {
          // A matched posting is never voided; a voided one reverses on or after its date.
          const voidedOn = p.line === null && p.voided !== null ? (p.voided > p.date ? p.voided : p.date) : undefined;
          const reversal = voidedOn ?? null;
          if (p.date <= asOf) books += p.amount;
          if (reversal !== null && reversal <= asOf) books -= p.amount;
          if (p.line !== null && p.line <= asOf) feed += p.amount;
          const spans = unmatchedSpans({ date: p.date, voidedOn, lineDate: p.line ?? undefined });
          if (within(spans.posting)) unmatchedPostings += p.amount;
          if (within(spans.line)) unmatchedLines += p.amount;
        }
        expect(feed - books).toBe(unmatchedLines - unmatchedPostings);
      }),
    );
  });
});
