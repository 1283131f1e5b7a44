/** Credit notes, vendor credits, prepayments, estimates and orders share their pages: each handler module names its row and its kind. */
import { pathIdOf } from '../../platform/http/stack.ts';
import { recordFilesFor } from '../../attachments/index.ts';
import { recordHistoryFor } from '../../audit/index.ts';
import { allocationsOf, allocatedRows, amountOf, describeRefusal, allocateCredit, voidCreditAllocation, recordRefund, RefundCreate, VendorRefundCreate } from '../../cash/index.ts';
import { salesDocumentDetail, salesDocumentList, type DocumentPages } from './sales-documents-rules.ts';
import { noticeOf } from './sides.ts';
import { salesDocumentListPage, salesDocumentPage } from './sales-documents.tsx';
import { CreditAllocationCreate, documentListQueryOf, documentStore, voidInputOfForm } from '../../ledger/index.ts';
import type { CreditType } from '../../ledger/index.ts';
import { NotFound } from '../../platform/core/errors.ts';
import { formIdempotencyKey } from '../../platform/http/idempotency.ts';
import { documentPdf } from '../document-pdf.ts';
import { convertDocument } from '../../documents/index.ts';
import type { ConvertibleType } from '../../documents/index.ts';
import type { Side } from './sides.ts';
import { voidDocumentFromPage } from './document-void.ts';
import { today } from '../../platform/core/dates.ts';
import { pageRequestOf } from '../../platform/core/fields.ts';
import { newId, type Id } from '../../platform/core/ids.ts';
import { toApiError } from '../../platform/http/boundary.ts';
import { defineDashboardPage, filledQueryOf } from '../../access/index.ts';
import type { RouteRow } from '../../platform/http/route.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { html, pdfAttachment, redirect } from '../../platform/http/web.ts';

type PageRow = RouteRow & { readonly auth: 'browser' };
type IdRow = PageRow & { readonly path: `${string}{id}${string}` };


export const salesDocumentListHandler = <const R extends PageRow>(route: R, kind: DocumentPages) =>
  defineDashboardPage(route, async ({ viewer, event }) => {
    const query = parseInput(documentListQueryOf(kind.side), filledQueryOf(event), 'query');
    const { result, names } = await salesDocumentList(kind, viewer.business.id, query, pageRequestOf(query));
    return html(200, salesDocumentListPage({ viewer, kind, query, result, names, notice: noticeOf(event.queryStringParameters?.notice) }));
  });

export const salesDocumentPageHandler = <const R extends IdRow>(route: R, kind: DocumentPages) =>
  defineDashboardPage(route, async (input) => {
    const [detail, history, files] = await Promise.all([salesDocumentDetail(kind, input.viewer.business.id, pathIdOf(input), today()), recordHistoryFor(input.viewer, kind.type, pathIdOf(input)), recordFilesFor(input.viewer, kind.type, pathIdOf(input))]);
    return html(200, salesDocumentPage({ viewer: input.viewer, kind, detail, today: today(), refundKey: newId(), notice: noticeOf(input.event.queryStringParameters?.notice), history, files }));
  });

/** The document as the customer would get it, through the API's own PDF producer. */
export const salesDocumentPdfHandler = <const R extends IdRow>(route: R, kind: DocumentPages) =>
  defineDashboardPage(route, async (input) => pdfAttachment(await documentPdf(kind.type, input.viewer.business.id, pathIdOf(input))));

export const voidSalesDocumentHandler = <const R extends IdRow>(route: R, kind: DocumentPages) =>
  defineDashboardPage(route, async (input) => voidDocumentFromPage(input.viewer, kind.type, kind.base, pathIdOf(input), input.form));

/**
 * Convert on an estimate's or order's page: a draft invoice (a purchase order's: a draft bill) of its lines, through
 * the API's conversion (once, linked both ways), opened to be checked and approved.
 */
export const convertHandler = <const R extends IdRow>(route: R, kind: DocumentPages & { readonly type: ConvertibleType; readonly converts: Side }) =>
  defineDashboardPage(route, async (input) => {
    const converted = await convertDocument(kind.type, input.viewer.business.id, pathIdOf(input), {}, input.viewer.scopes);
    return redirect(`${kind.converts.base}/${converted.id}?notice=draft_saved`);
  });

/** What a credit document's page says once its credit is applied, or one application undone. */
const CUSTOMER_CREDIT = { applied: 'credit_applied', undone: 'credit_undone', refunded: 'credit_refunded' } as const;
const VENDOR_CREDIT = { applied: 'vendor_credit_applied', undone: 'vendor_credit_undone', refunded: 'vendor_credit_refunded' } as const;
const CREDIT_NOTICES = { credit_note: CUSTOMER_CREDIT, prepayment: CUSTOMER_CREDIT, vendor_credit: VENDOR_CREDIT, vendor_prepayment: VENDOR_CREDIT } as const satisfies Record<CreditType, unknown>;

/**
 * Applies a credit document's credit to the party's open invoices or bills through the API's schema and use case
 * (`POST /credit-notes/{id}/allocations`, `POST /vendor-credits/{id}/allocations`); a refusal draws the page again
 * with the amounts as typed and why.
 */
export const applyCreditHandler = <const R extends IdRow>(route: R, kind: DocumentPages & { readonly type: CreditType }) =>
  defineDashboardPage(route, async (input) => {
    const { viewer, form } = input;
    const id = pathIdOf(input);
    const documentIds = form.document_id ?? [];
    const amounts = form.amount ?? [];
    const date = form.date?.[0]?.trim() || undefined;
    try {
      await allocateCredit(kind.type, viewer.business.id, id, parseInput(CreditAllocationCreate, { ...(date ? { date } : {}), allocations: allocationsOf(documentIds, amounts) }, 'form'));
      return redirect(`${kind.base}/${id}?notice=${CREDIT_NOTICES[kind.type].applied}`);
    } catch (error) {
      const refusal = toApiError(error);
      if (![400, 409, 422].includes(refusal.status)) throw error;
      const detail = await salesDocumentDetail(kind, viewer.business.id, id, today());
      const problem = describeRefusal(refusal, allocatedRows(documentIds, amounts), new Map(detail.open.map((target) => [target.id, target.no ?? target.id])));
      const entered = { problem, amounts: new Map(documentIds.map((documentId, index) => [documentId, amounts[index] ?? ''])), date };
      return html(refusal.status, salesDocumentPage({ viewer, kind, detail, today: today(), refundKey: newId(), entered }));
    }
  });

/** Undoes one application of credit through the API's use case (`POST /credit-allocations/{id}/void`, `POST /vendor-credit-allocations/{id}/void`). */
export const undoCreditHandler = <const R extends IdRow>(route: R, kind: DocumentPages & { readonly type: CreditType }) =>
  defineDashboardPage(route, async (input) => {
    const allocation = await voidCreditAllocation(kind.type, input.viewer.business.id, pathIdOf(input), voidInputOfForm(input.form));
    // The resource names its credit document by its kind (`credit_note_id`, `vendor_credit_id`).
    const creditId = (allocation as unknown as Readonly<Record<string, Id>>)[`${kind.type}_id`];
    return redirect(`${kind.base}/${creditId}?notice=${CREDIT_NOTICES[kind.type].undone}`);
  });

/**
 * Refund on a credit document's page: what is left of its credit paid back to the customer (or received back from
 * the vendor) through the API's schema and use case (`POST /refunds`, `POST /vendor-refunds`, naming the document as
 * its source), posted once however often the form is sent; a refusal draws the page again with what was typed and why.
 */
export const refundCreditHandler = <const R extends IdRow>(route: R, kind: DocumentPages & { readonly type: CreditType }) =>
  defineDashboardPage(route, async (input) => {
    const { viewer, form } = input;
    const id = pathIdOf(input);
    const refund = kind.credit!.refund;
    const typed = { amount: form.amount?.[0]?.trim() ?? '', date: form.date?.[0]?.trim() ?? '', accountId: form.payment_account_id?.[0] ?? '', reference: form.reference?.[0]?.trim() ?? '' };
    try {
      const credit = await documentStore.get(viewer.business.id, id);
      if (!credit || credit.record.type !== kind.type) throw new NotFound(kind.label.toLowerCase());
      const body = { party_id: credit.record.party_id, payment_account_id: typed.accountId, date: typed.date, amount: amountOf(typed.amount), ...(typed.reference ? { reference: typed.reference } : {}), source: { [refund.source]: id } };
      const parsed = parseInput(refund.kind === 'refund' ? RefundCreate : VendorRefundCreate, body, 'form');
      await recordRefund(refund.kind, viewer.business.id, parsed, formIdempotencyKey(form, route.id));
      return redirect(`${kind.base}/${id}?notice=${CREDIT_NOTICES[kind.type].refunded}`);
    } catch (error) {
      const refusal = toApiError(error);
      if (![400, 409, 422].includes(refusal.status)) throw error;
      const detail = await salesDocumentDetail(kind, viewer.business.id, id, today());
      const problem = describeRefusal(refusal, [], new Map(), REFUND_FIELD_NAMES);
      return html(refusal.status, salesDocumentPage({ viewer, kind, detail, today: today(), refundKey: form.idempotency_key?.[0] ?? newId(), enteredRefund: { problem, ...typed } }));
    }
  });

/** A refund's fields as its form labels them. */
const REFUND_FIELD_NAMES: Readonly<Record<string, string>> = { amount: 'Amount', date: 'Date', payment_account_id: 'Account', reference: 'Reference' };
