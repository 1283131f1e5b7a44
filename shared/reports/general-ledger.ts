/**
 * `GET /reports/general-ledger`: one account's lines from `from` to `to` with a running balance, a page at a time
 * (api.md, "General ledger"). Every page answers the period's opening and closing balances. Reads, side by side:
 * the account, the home currency, the period totals at the day before `from` and at `to`, and one page of the
 * projected lines (`shared/ledger/general-ledger.ts`); then the names of the page's customers and vendors, as they
 * are now. A later page carries its running balance in its cursor, so no page reads the lines before it.
 */
import { NotFound, RuleViolation } from '../platform/core/errors.ts';
import type { Id } from '../platform/core/ids.ts';
import { dayBefore } from '../platform/core/dates.ts';
import { toMajor } from '../platform/core/money.ts';
import { accountStore, balancesAsOf, balancesSum, encodeLedgerCursor, GENERAL_LEDGER_PAGE, homeCurrencyOf, isLineOf, ledgerLines, optionMovements, readTrackingCategories, shownIn } from '../ledger/index.ts';
import type { Balances, EntryParty, LedgerCursor } from '../ledger/index.ts';
import { parties } from '../parties/index.ts';

/** Before any business's books: the first day a balance from the beginning is read from. */
const EARLIEST_DATE = '0001-01-01';


export interface GeneralLedgerRequest {
  readonly accountId: Id;
  readonly from: string;
  readonly to: string;
  readonly pageSize?: number | undefined;
  readonly cursor?: LedgerCursor | undefined;
  /** Only the lines naming this tracking option, with the option's own opening and closing balances. */
  readonly trackingOptionId?: Id | undefined;
}

/** The names of the page's customers and vendors, read as they are now (one BatchGetItem; none when the page has no party). */
async function partyNames(businessId: Id, named: readonly EntryParty[]): Promise<Map<string, string>> {
  const ids = (kind: EntryParty['kind']) => [...new Set(named.filter((party) => party.kind === kind).map((party) => party.id))];
  const [customers, vendors] = await Promise.all([parties('customer').store.getMany(businessId, ids('customer')), parties('vendor').store.getMany(businessId, ids('vendor'))]);
  return new Map([...customers, ...vendors].map((party) => [party.id as string, party.name]));
}

/**
 * One option's balances at the end of the day before `from` and at the end of `to`: its totals over all the months
 * before, then over the period (`optionMovements`), once its category is read. A 400 when no category holds it.
 */
async function optionBalances(businessId: Id, optionId: Id, from: string, to: string, home: Promise<string>): Promise<{ opening: Balances; closing: Balances }> {
  const category = (await readTrackingCategories(businessId)).find((candidate) => candidate.options.some((option) => option.id === optionId));
  if (!category) throw RuleViolation.of('tracking_option_id', 'does not exist');
  const none: Balances = { byCurrency: new Map(), home: new Map() };
  const [before, during] = await Promise.all([optionMovements(businessId, category.id, EARLIEST_DATE, dayBefore(from), home), optionMovements(businessId, category.id, from, to, home)]);
  const opening = before.get(optionId) ?? none;
  return { opening, closing: balancesSum(opening, during.get(optionId) ?? none) };
}

const label = (type: string) => type.charAt(0).toUpperCase() + type.slice(1).replaceAll('_', ' ');

export async function generalLedgerReport(businessId: Id, request: GeneralLedgerRequest) {
  const { accountId, from, to, cursor } = request;
  if (from > to) throw RuleViolation.of('from', `must not be after to (${to})`);
  if (cursor && !isLineOf(cursor.after, accountId, { from, to })) throw RuleViolation.of('cursor', 'belongs to another account or period');
  const limit = request.pageSize ?? GENERAL_LEDGER_PAGE;
  const home = homeCurrencyOf(businessId);
  const option = request.trackingOptionId;
  const [account, homeCurrency, { opening, closing }, page] = await Promise.all([
    accountStore.get(businessId, accountId),
    home,
    option ? optionBalances(businessId, option, from, to, home) : Promise.all([balancesAsOf(businessId, dayBefore(from), home), balancesAsOf(businessId, to, home)]).then(([opening, closing]) => ({ opening, closing })),
    ledgerLines(businessId, accountId, { from, to, after: cursor?.after }, limit),
  ]);
  if (!account) throw new NotFound('account');
  const names = await partyNames(businessId, page.lines.flatMap((line) => (line.party ? [line.party] : [])));
  const ownCurrency = account.record.cash_flow && account.record.currency !== null;
  const report = { currency: ownCurrency ? account.record.currency! : homeCurrency, home: !ownCurrency };
  const balanceIn = (balances: Balances) => Number((report.home ? balances.home : balances.byCurrency.get(report.currency))?.get(accountId) ?? 0n);
  const major = (minor: number) => toMajor(minor, report.currency);
  const openingMinor = balanceIn(opening);
  let running = cursor ? cursor.balance : openingMinor;
  const lines = page.lines.flatMap((line) => {
    if (option && !line.tracking?.some((ref) => ref.option_id === option)) return [];
    const shown = shownIn(line, report);
    if (!shown) return [];
    running += shown.debit - shown.credit;
    return [{
      date: line.date,
      journal_entry_id: line.journal_entry_id,
      source: { type: line.document_type, id: line.document_id, no: line.document_no },
      party: line.party ? { id: line.party.id, name: names.get(line.party.id) ?? '' } : null,
      description: [label(line.document_type), line.document_no].filter(Boolean).join(' '),
      debit: major(shown.debit),
      credit: major(shown.credit),
      balance: major(running),
      currency: line.currency,
      original_debit: toMajor(line.debit, line.currency),
      original_credit: toMajor(line.credit, line.currency),
    }];
  });
  const { id, code, name, type } = account.record;
  return {
    account: { id, code, name, type },
    from,
    to,
    currency: report.currency,
    opening_balance: major(openingMinor),
    lines,
    closing_balance: major(balanceIn(closing)),
    ...(option ? { tracking_option_id: option } : {}),
    next_cursor: page.last ? encodeLedgerCursor({ after: page.last, balance: running }) : null,
  };
}
