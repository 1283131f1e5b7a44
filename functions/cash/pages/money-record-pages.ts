/** A receipt's and a payment's own pages: the page, its void's confirmation and its void, through the API's use cases. */
import { voidMoney } from '../../../shared/cash/cash.ts';
import { moneyPage, type MoneyPageKind } from '../../../shared/cash/pages/money-page.tsx';
import { getMoney, type MoneyKind } from '../../../shared/cash/records.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/access/http/define-dashboard.ts';
import { cashAccounts } from '../../../shared/ledger/cash-accounts.ts';
import { documentStore } from '../../../shared/ledger/documents/records.ts';
import { recordVoidInputOfForm, voidInputOfForm } from '../../../shared/ledger/void-date.ts';
import { parties } from '../../../shared/parties/parties.ts';
import { today } from '../../../shared/platform/core/dates.ts';
import type { Id } from '../../../shared/platform/core/ids.ts';
import type { RouteRow } from '../../../shared/platform/http/route.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { formatMoney } from '../../../shared/platform/web/parts.tsx';
import { voidConfirmationPage } from '../../../shared/platform/web/void-confirmation.tsx';
import type { Viewer } from '../../../shared/platform/web/viewer.ts';
import { noticeOf } from '../../../shared/sales/pages/sides.ts';
import { recordFilesFor } from '../../../shared/attachments/pages/record-files.tsx';
import { voidWithFiles } from '../../../shared/attachments/void-files.ts';

type IdRow = RouteRow & { readonly auth: 'browser'; readonly path: `${string}{id}${string}` };

export const MONEY_PAGES: Readonly<Record<MoneyKind, MoneyPageKind & { readonly party: 'customer' | 'vendor' }>> = {
  receipt: { label: 'Receipt', base: '/dashboard/receipts', partyLabel: 'Customer', accountLabel: 'Received into', documentsBase: '/dashboard/invoices', voidScope: 'sales_receipts:void', party: 'customer' },
  payment: { label: 'Payment', base: '/dashboard/payments', partyLabel: 'Vendor', accountLabel: 'Paid from', documentsBase: '/dashboard/bills', voidScope: 'purchases_payments:void', party: 'vendor' },
};

const idOf = (input: unknown) => (input as { readonly id: Id }).id;

/** The money with its party's and account's names: three reads side by side, then its documents' numbers. */
async function moneyView(viewer: Viewer, kind: MoneyKind, id: Id) {
  const businessId = viewer.business.id;
  const money = await getMoney(kind, businessId, id);
  const [party, accounts, documents] = await Promise.all([
    parties(MONEY_PAGES[kind].party).store.get(businessId, money.party_id as Id),
    cashAccounts(businessId, today()),
    documentStore.getMany(businessId, money.allocations.map((allocation) => allocation.document_id as Id)),
  ]);
  return {
    money,
    partyName: party?.record.name ?? '',
    accountName: accounts.find((account) => account.id === money.payment_account_id)?.name ?? '',
    documentNumbers: new Map(documents.map((document) => [document.id as string, document.no])),
  };
}

export const moneyPageHandler = <const R extends IdRow>(route: R, kind: MoneyKind) =>
  defineDashboardPage(route, async (input) => {
    // Its files are read beside the money.
    const [view, files] = await Promise.all([moneyView(input.viewer, kind, idOf(input)), recordFilesFor(input.viewer, kind, idOf(input))]);
    return html(200, moneyPage({ viewer: input.viewer, kind: MONEY_PAGES[kind], ...view, files, notice: noticeOf(input.event.queryStringParameters?.notice) }));
  });

/** What the void button opens: the money, the day its reversal will be booked, and the button that voids it. */
export const confirmVoidMoneyHandler = <const R extends IdRow>(route: R, kind: MoneyKind) =>
  defineDashboardPage(route, async (input) => {
    const asked = filledQueryOf(input.event).void_date;
    const voidDate = voidInputOfForm(asked ? { void_date: [asked] } : {}).void_date;
    const [{ money, partyName, accountName, documentNumbers }, files] = await Promise.all([moneyView(input.viewer, kind, idOf(input)), recordFilesFor(input.viewer, kind, idOf(input))]);
    const page = MONEY_PAGES[kind];
    return html(
      200,
      voidConfirmationPage(input.viewer, {
        what: `${page.label.toLowerCase()} ${money.no}`,
        facts: [
          [page.partyLabel, partyName],
          ['Date', money.date],
          [page.accountLabel, accountName],
          ['Amount', formatMoney(money.amount, money.currency)],
          ['Settles', money.allocations.map((allocation) => `${documentNumbers.get(allocation.document_id) ?? allocation.document_id} (${formatMoney(allocation.amount, money.currency)}), which it reopens`).join('; ')],
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

export const voidMoneyHandler = <const R extends IdRow>(route: R, kind: MoneyKind) =>
  defineDashboardPage(route, async (input) => {
    const id = idOf(input);
    await voidWithFiles({ businessId: input.viewer.business.id, scopes: input.viewer.scopes, type: kind, id }, recordVoidInputOfForm(input.form), (asked) => voidMoney(kind, input.viewer.business.id, id, asked));
    return redirect(`${MONEY_PAGES[kind].base}/${id}?notice=voided`);
  });
