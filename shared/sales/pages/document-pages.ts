import { pathIdOf } from '../../platform/http/stack.ts';
import { recordHistoryFor } from '../../audit/index.ts';
import { recordFilesFor } from '../../attachments/index.ts';
import { documentDetail, documentList } from './documents-rules.ts';
import { noticeOf, type Side } from './sides.ts';
import { documentListPage, documentPage } from './documents.tsx';
import { documentListQueryOf } from '../../ledger/index.ts';
import type { DocumentType } from '../../ledger/index.ts';
import { approveDraft, deleteDraft } from '../../documents/index.ts';
import { documentVoidConfirmation, voidDocumentFromPage } from './document-void.ts';
import { pageRequestOf } from '../../platform/core/fields.ts';
import { newId } from '../../platform/core/ids.ts';
import { defineDashboardPage, filledQueryOf } from '../../access/index.ts';
import type { RouteRow } from '../../platform/http/route.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { html, redirect } from '../../platform/http/web.ts';

type PageRow = RouteRow & { readonly auth: 'browser' };
type IdRow = PageRow & { readonly path: `${string}{id}${string}` };

/** Invoices and bills share their pages: each handler module names its row and its side. */
export const documentListHandler = <const R extends PageRow>(route: R, side: Side) =>
  defineDashboardPage(route, async ({ viewer, event }) => {
    const query = parseInput(documentListQueryOf(side), filledQueryOf(event), 'query');
    const { result, names, offered } = await documentList(side, viewer.business.id, query, pageRequestOf(query));
    return html(200, documentListPage({ viewer, side, query, result, names, offered }));
  });

export const documentPageHandler = <const R extends IdRow>(route: R, side: Side) =>
  defineDashboardPage(route, async (input) => {
    const { viewer, event } = input;
    const id = pathIdOf(input);
    const [detail, history, files] = await Promise.all([documentDetail(side, viewer.business.id, id), recordHistoryFor(viewer, side.type, id), recordFilesFor(viewer, side.type, id)]);
    return html(200, documentPage({ viewer, side, detail, notice: noticeOf(event.queryStringParameters?.notice), sendKey: newId(), history, files }));
  });

/** What a document's void button opens: the confirmation (`documentVoidConfirmation`). */
export const confirmVoidHandler = <const R extends IdRow>(route: R, type: DocumentType, base: string) =>
  defineDashboardPage(route, async (input) => {
    const asked = filledQueryOf(input.event).void_date;
    return documentVoidConfirmation(input.viewer, type, base, pathIdOf(input), asked ? { void_date: [asked] } : {});
  });

/** Void on a document's page: asked first, then voided as the API voids it (`voidDocumentFromPage`). */
export const voidDocumentHandler = <const R extends IdRow>(route: R, side: Side) =>
  defineDashboardPage(route, async (input) => voidDocumentFromPage(input.viewer, side.type, side.base, pathIdOf(input), input.form));

/** Where a drafted type's pages are: an invoice's or bill's side, or a credit document's, estimate's or order's kind. */
type DraftedPages = { readonly type: DocumentType; readonly base: string };

/** Approve on a draft's page: posted as the API's approval posts it, then its page again, numbered. */
export const approveDraftHandler = <const R extends IdRow>(route: R, pages: DraftedPages) =>
  defineDashboardPage(route, async (input) => {
    const id = pathIdOf(input);
    await approveDraft(pages.type, input.viewer.business.id, id);
    return redirect(`${pages.base}/${id}?notice=approved`);
  });

export const deleteDraftHandler = <const R extends IdRow>(route: R, pages: DraftedPages) =>
  defineDashboardPage(route, async (input) => {
    await deleteDraft(pages.type, input.viewer.business.id, pathIdOf(input));
    return redirect(`${pages.base}?status=Draft&notice=draft_deleted`);
  });
