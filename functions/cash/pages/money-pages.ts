import { allocatedRows, allocationsOf, amountOf, describeRefusal, moneyForm } from '../../../shared/cash/pages/money-form-rules.ts';
import { PrepaymentCreate, recordPrepayment } from '../../../shared/cash/prepayments.ts';
import { validationError } from '../../../shared/platform/http/errors.ts';
import type { Side } from '../../../shared/sales/index.ts';
import { DOCUMENT_PAGES } from '../../../shared/sales/index.ts';
import { moneyFormPage } from '../../../shared/cash/pages/money-form.tsx';
import { normalizeId } from '../../../shared/platform/core/ids.ts';
import { NotFound } from '../../../shared/platform/core/errors.ts';
import { MoneyCreate } from '../../../shared/cash/schemas.ts';
import { recordMoney } from '../../../shared/cash/cash.ts';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { formIdempotencyKey } from '../../../shared/platform/http/idempotency.ts';
import { today } from '../../../shared/platform/core/dates.ts';
import { toApiError } from '../../../shared/platform/http/boundary.ts';
import type { RouteRow } from '../../../shared/platform/http/route.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';

type PageRow = RouteRow & { readonly auth: 'browser' };

/** Where money recorded with nothing to allocate is kept as the party's credit: its kind, and its pages. */
const PREPAYMENTS = { receipt: DOCUMENT_PAGES.prepayment, payment: DOCUMENT_PAGES.vendor_prepayment } as const;


/** Receipts and payments share their form: pick the party, see its open documents, allocate, post. */
export const moneyFormHandler = <const R extends PageRow>(route: R, side: Side, action: string) =>
  defineDashboardPage(route, async ({ viewer, event }) => {
    const asked = event.queryStringParameters?.party_id?.trim();
    const partyId = asked ? normalizeId(asked) : undefined;
    if (asked && !partyId) throw new NotFound(side.party);
    // Opened from a document's page: that document's amount starts at its balance due (an unknown id starts nothing).
    const settling = normalizeId(event.queryStringParameters?.document_id?.trim() ?? '') ?? undefined;
    return html(200, moneyFormPage({ viewer, side, form: await moneyForm(side, viewer.business.id, partyId ?? undefined, today()), today: today(), action, settling }));
  });

/**
 * Posts through the API's own producer (recordMoney) with the API's own schema. The idempotency key came with the
 * form, so a double submit answers the first posting again instead of posting twice.
 */
export const recordMoneyHandler = <const R extends PageRow>(route: R, side: Side, action: string) =>
  defineDashboardPage(route, async ({ viewer, form }) => {
    const first = (name: string) => form[name]?.[0]?.trim() || undefined;
    try {
      const scope = formIdempotencyKey(form, route.id);
      const allocations = allocationsOf(form.document_id ?? [], form.amount ?? []);
      const total = first('total');
      const shared = { party_id: first('party_id'), date: first('date'), payment_account_id: first('payment_account_id'), ...(first('reference') ? { reference: first('reference') } : {}) };
      if (allocations.length === 0) {
        // Nothing allocated: the money is the party's credit, a prepayment (the API's `POST /prepayments`).
        if (!total) throw validationError([{ field: 'total', message: `is needed when nothing is allocated: the amount ${side.money.kind === 'receipt' ? 'received' : 'paid'}` }]);
        const credit = PREPAYMENTS[side.money.kind];
        const prepayment = await recordPrepayment(credit.type, viewer.business.id, parseInput(PrepaymentCreate, { ...shared, amount: amountOf(total) }, 'form'), scope);
        return redirect(`${credit.base}/${prepayment.id}?notice=prepayment_recorded`);
      }
      // More than allocated: the rest is kept as the party's credit (the receipt's overpayment).
      const body = parseInput(MoneyCreate, { ...shared, allocations, ...(total ? { amount: amountOf(total) } : {}) }, 'form');
      const { resource } = await recordMoney(side.money.kind, viewer.business.id, body, scope);
      return redirect(`${side.base}/${resource.allocations[0]?.document_id}?notice=${resource.overpayment_id ? `${side.money.kind}_recorded_with_credit` : `${side.money.kind}_recorded`}`);
    } catch (error) {
      const refusal = toApiError(error);
      const partyId = normalizeId(first('party_id') ?? '');
      // A refused posting wrote nothing: the form comes back as the user left it (with a fresh key), saying why.
      if (refusal.status !== 400 && refusal.status !== 409 && refusal.status !== 422) throw error;
      if (!partyId) throw error;
      const documentIds = form.document_id ?? [];
      const drawn = await moneyForm(side, viewer.business.id, partyId, today());
      const problem = describeRefusal(refusal, allocatedRows(documentIds, form.amount ?? []), new Map(drawn.open.map((document) => [document.id, document.no ?? document.id])));
      const entered = { problem, amounts: new Map(documentIds.map((id, index) => [id, form.amount?.[index] ?? ''])), date: first('date'), accountId: first('payment_account_id'), reference: first('reference'), total: first('total') };
      return html(refusal.status, moneyFormPage({ viewer, side, form: drawn, today: today(), action, entered }));
    }
  });
