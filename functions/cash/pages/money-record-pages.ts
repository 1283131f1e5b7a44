/**
 * A receipt's, a payment's and a refund's own pages: the page, its void's confirmation and its void (and a refund's
 * list), through the API's use cases.
 */
import { pathIdOf } from '../../../shared/platform/http/stack.ts';
import { voidMoney } from '../../../shared/cash/cash.ts';
import { moneyPage, type SettledRow } from '../../../shared/cash/pages/money-page.tsx';
import { MONEY_PAGES, type PagedMoney } from '../../../shared/cash/pages/money-pages.ts';
import { refundListPage } from '../../../shared/cash/pages/refund-list.tsx';
import { getMoney, isRefund, type RefundKind } from '../../../shared/cash/records.ts';
import { getRefund, listRefunds, voidRefund } from '../../../shared/cash/refunds.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/access/index.ts';
import { cashAccounts, documentStore, recordVoidInputOfForm, voidInputOfForm } from '../../../shared/ledger/index.ts';
import { parties } from '../../../shared/parties/index.ts';
import { today } from '../../../shared/platform/core/dates.ts';
import { pageRequestOf, PagingQuery } from '../../../shared/platform/core/fields.ts';
import type { Id } from '../../../shared/platform/core/ids.ts';
import type { RouteRow } from '../../../shared/platform/http/route.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { formatMoney } from '../../../shared/platform/web/parts.tsx';
import { voidConfirmationPage } from '../../../shared/platform/web/void-confirmation.tsx';
import type { Viewer } from '../../../shared/platform/web/viewer.ts';
import { noticeOf, documentPageOf } from '../../../shared/sales/index.ts';
import { recordFilesFor, voidWithFiles } from '../../../shared/attachments/index.ts';
import * as v from 'valibot';

type PageRow = RouteRow & { readonly auth: 'browser' };
type IdRow = PageRow & { readonly path: `${string}{id}${string}` };

/** The page of a record money names: a document's, or a receipt's or payment's (a refund of an overpayment names the money). */
const recordPageOf = (type: string, id: string): string => (type === 'receipt' || type === 'payment' ? `${MONEY_PAGES[type].base}/${id}` : (documentPageOf(type, id) ?? '#'));


/**
 * The money with its party's and account's names and what it settles (a receipt's documents, one BatchGetItem; a
 * refund's credit, named on the refund itself): read side by side after the money.
 */
async function moneyView(viewer: Viewer, kind: PagedMoney, id: Id) {
  const businessId = viewer.business.id;
  const money = isRefund(kind) ? await getRefund(kind, businessId, id) : await getMoney(kind, businessId, id);
  const allocations = 'allocations' in money ? money.allocations : [];
  const [party, accounts, documents] = await Promise.all([
    parties(MONEY_PAGES[kind].party).store.get(businessId, money.party_id as Id),
    cashAccounts(businessId, today()),
    documentStore.getMany(businessId, allocations.map((allocation) => allocation.document_id as Id)),
  ]);
  const byId = new Map(documents.map((document) => [document.id as string, document]));
  const settled: SettledRow[] =
    'source' in money
      ? [{ href: recordPageOf(money.source.type, money.source.id), no: money.source.no, amount: money.amount }]
      : allocations.map((allocation) => {
          const document = byId.get(allocation.document_id);
          return { href: document ? recordPageOf(document.type, document.id) : '#', no: document?.no ?? allocation.document_id, amount: allocation.amount };
        });
  return { money, partyName: party?.record.name ?? '', accountName: accounts.find((account) => account.id === money.payment_account_id)?.name ?? '', settled };
}

export const moneyPageHandler = <const R extends IdRow>(route: R, kind: PagedMoney) =>
  defineDashboardPage(route, async (input) => {
    // Its files are read beside the money.
    const [view, files] = await Promise.all([moneyView(input.viewer, kind, pathIdOf(input)), recordFilesFor(input.viewer, kind, pathIdOf(input))]);
    return html(200, moneyPage({ viewer: input.viewer, kind: MONEY_PAGES[kind], ...view, files, notice: noticeOf(input.event.queryStringParameters?.notice) }));
  });

/** What the void button opens: the money, the day its reversal will be booked, and the button that voids it. */
export const confirmVoidMoneyHandler = <const R extends IdRow>(route: R, kind: PagedMoney) =>
  defineDashboardPage(route, async (input) => {
    const asked = filledQueryOf(input.event).void_date;
    const voidDate = voidInputOfForm(asked ? { void_date: [asked] } : {}).void_date;
    const [{ money, partyName, accountName, settled }, files] = await Promise.all([moneyView(input.viewer, kind, pathIdOf(input)), recordFilesFor(input.viewer, kind, pathIdOf(input))]);
    const page = MONEY_PAGES[kind];
    const what = settled.map((row) => `${row.no} (${formatMoney(row.amount, money.currency)})`).join('; ');
    return html(
      200,
      voidConfirmationPage(input.viewer, {
        what: `${page.label.toLowerCase()} ${money.no}`,
        facts: [
          [page.partyLabel, partyName],
          ['Date', money.date],
          [page.accountLabel, accountName],
          ['Amount', formatMoney(money.amount, money.currency)],
          isRefund(kind) ? ['Refunds', `${what}, whose credit it gives back`] : ['Settles', settled.map((row) => `${row.no} (${formatMoney(row.amount, money.currency)}), which it reopens`).join('; ')],
        ],
        action: `${page.base}/${money.id}/void`,
        back: `${page.base}/${money.id}`,
        voidDate,
        ownDate: money.date,
        posted: true,
        removableFiles: files?.deletable ? files.files.length : 0,
      }),
    );
  });

export const voidMoneyHandler = <const R extends IdRow>(route: R, kind: PagedMoney) =>
  defineDashboardPage(route, async (input) => {
    const id = pathIdOf(input);
    const businessId = input.viewer.business.id;
    await voidWithFiles({ businessId, scopes: input.viewer.scopes, type: kind, id }, recordVoidInputOfForm(input.form), async (asked): Promise<unknown> => (isRefund(kind) ? voidRefund(kind, businessId, id, asked) : voidMoney(kind, businessId, id, asked)));
    return redirect(`${MONEY_PAGES[kind].base}/${id}?notice=voided`);
  });

const RefundsQuery = v.strictObject({ ...PagingQuery });

/** One side's refunds, with their parties' names (one BatchGetItem) and the credit each refunds. */
export const refundListHandler = <const R extends PageRow>(route: R, kind: RefundKind) =>
  defineDashboardPage(route, async ({ viewer, event }) => {
    const query = parseInput(RefundsQuery, filledQueryOf(event), 'query');
    const result = await listRefunds(kind, viewer.business.id, pageRequestOf(query));
    const names = await parties(MONEY_PAGES[kind].party).store.getMany(viewer.business.id, [...new Set(result.items.map((refund) => refund.party_id as Id))]);
    const rows = result.items.map((refund) => ({ refund, partyName: names.find((party) => party.id === refund.party_id)?.name ?? '', sourceHref: recordPageOf(refund.source.type, refund.source.id) }));
    return html(200, refundListPage({ viewer, kind: MONEY_PAGES[kind], making: kind === 'refund' ? REFUNDS_MADE_FROM.customer : REFUNDS_MADE_FROM.vendor, rows, pagination: result.pagination }));
  });

/** Where a refund is made: on the credit it refunds. */
const REFUNDS_MADE_FROM = {
  customer: 'A refund is recorded on the credit note or prepayment whose credit it pays back.',
  vendor: 'A refund is recorded on the vendor credit or prepayment whose credit the vendor pays back.',
} as const;
