/** The pages of credit notes and estimates: a list, and a page for each once created. */
import { EInvoiceLinks } from './e-invoice-links.tsx';
import { RecordHistory } from '../../audit/pages/audit-log.tsx';
import type { RecordHistoryView } from '../../audit/record-history.ts';
import type { DocumentListQuery } from '../../ledger/documents/schemas.ts';
import type { Page } from '../../platform/core/paging.ts';
import { Hidden, Problem, renderDocument } from '../../platform/web/layout.tsx';
import { EDITORS } from './document-editor-rules.ts';
import type { salesDocumentDetail, salesDocumentList, SalesDocumentKind } from './sales-documents-rules.ts';
import type { Viewer } from '../../platform/web/viewer.ts';
import { DocumentFacts, DocumentLines, DocumentTotals, JournalTables } from './documents.tsx';
import { Frame } from '../../platform/web/frame.tsx';
import { ActionButton, FilterButton, FormTokens, Money, Pager, Table, VOID_DATE, NewRecordLink, VoidButton } from '../../platform/web/parts.tsx';

const STATUSES = ['Open', 'Closed', 'Voided'] as const;

type Listed = Awaited<ReturnType<typeof salesDocumentList>>['result'] extends Page<infer T> ? T : never;

export function salesDocumentListPage(view: { viewer: Viewer; kind: SalesDocumentKind; query: DocumentListQuery; result: Page<Listed>; names: ReadonlyMap<string, string>; notice?: string | undefined }): string {
  const { kind, viewer } = view;
  const editor = EDITORS[kind.type];
  const filters: Record<string, string> = view.query.status ? { status: view.query.status } : {};
  return renderDocument(
    <Frame viewer={viewer} title={kind.plural} notice={view.notice}>
      <NewRecordLink href={editor.newPath} label={`New ${editor.label}`} shown={viewer.scopes.has(editor.scope)} />
      <form method="get" action={kind.base} class="card filters" aria-label={`Filter ${kind.plural.toLowerCase()}`}>
        <div>
          <label for="status">Status</label>
          <select id="status" name="status">
            <option value="">Any status</option>
            {STATUSES.map((status) => (
              <option value={status} selected={status === view.query.status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <FilterButton />
      </form>
      <Table caption={kind.plural} rows={view.result.items.length} empty={`No ${kind.plural.toLowerCase()} match.`} head={['Number', 'Date', 'Customer', 'Status', { label: 'Total', num: true }, ...(kind.appliesCredit ? [{ label: 'Credit left', num: true as const }] : [])]}>
        {view.result.items.map((document) => (
          <tr>
            <td>
              <a href={`${kind.base}/${document.id}`}>{document.no}</a>
            </td>
            <td>{document.date}</td>
            <td>{view.names.get(document.customer_id) ?? ''}</td>
            <td>{document.status}</td>
            <td class="num">
              <Money value={document.total} currency={document.currency} />
            </td>
            {kind.appliesCredit ? (
              <td class="num">{'remaining_credit' in document ? <Money value={document.remaining_credit} currency={document.currency} /> : null}</td>
            ) : null}
          </tr>
        ))}
      </Table>
      <Pager pagination={view.result.pagination} base={kind.base} query={filters} />
    </Frame>,
  );
}

/** What was typed in a refused application of credit: the amounts by invoice, the date, and why it was refused. */
export interface EnteredCredit {
  readonly problem: string;
  readonly amounts: ReadonlyMap<string, string>;
  readonly date: string | undefined;
}

type Detail = Awaited<ReturnType<typeof salesDocumentDetail>>;

function ApplyCredit(props: { viewer: Viewer; kind: SalesDocumentKind; detail: Detail; today: string; entered?: EnteredCredit | undefined }) {
  const { detail, entered } = props;
  const base = `${props.kind.base}/${detail.document.id}`;
  if (detail.open.length === 0) return <p class="muted">{detail.partyName} has no open invoices in {detail.document.currency} to apply credit to.</p>;
  return (
    <form method="post" action={`${base}/allocations`} class="card">
      <FormTokens viewer={props.viewer} />
      <Table caption="Open invoices of the customer" rows={detail.open.length} head={['Number', 'Due', { label: 'Balance due', num: true }, { label: 'Credit to apply', num: true }]}>
        {detail.open.map((invoice) => (
          <tr>
            <td>
              <a href={`/dashboard/invoices/${invoice.id}`}>{invoice.no}</a>
            </td>
            <td>{invoice.due_date ?? '—'}</td>
            <td class="num">
              <Money value={invoice.balance_due} currency={invoice.currency} />
            </td>
            <td class="num">
              <Hidden name="document_id" value={invoice.id} />
              <label class="vh" for={`amount-${invoice.id}`}>
                Amount for {invoice.no}
              </label>
              <input id={`amount-${invoice.id}`} type="text" inputmode="decimal" name="amount" placeholder="0.00" size={10} value={entered?.amounts.get(invoice.id) ?? ''} />
            </td>
          </tr>
        ))}
      </Table>
      <label for="credit-date">Date</label>
      <input id="credit-date" type="date" name="date" value={entered?.date ?? props.today} required />
      <button type="submit">Apply credit</button>
    </form>
  );
}

export function salesDocumentPage(view: { viewer: Viewer; kind: SalesDocumentKind; detail: Detail; today: string; notice?: string | undefined; entered?: EnteredCredit; history?: RecordHistoryView | undefined }): string {
  const { viewer, kind, detail } = view;
  const { document } = detail;
  const base = `${kind.base}/${document.id}`;
  const voided = document.status === 'Voided';
  const applied = 'amount_allocated' in document && document.amount_allocated !== 0;
  const remaining = 'remaining_credit' in document ? document.remaining_credit : 0;
  return renderDocument(
    <Frame viewer={viewer} title={`${kind.label} ${document.no}`} notice={view.notice}>
      <div class="card">
        <DocumentFacts
          facts={[
            ['Customer', detail.partyName],
            ['Date', document.date],
            ['Status', document.status],
          ]}
          reference={document.reference}
        />
        <p>
          <a class="button secondary" href={`${base}/pdf`} download>
            Download PDF
          </a>
          {document.type === 'credit_note' ? <EInvoiceLinks base={base} /> : null}
        </p>
        {document.status === 'Open' && document.type === 'estimate' && viewer.scopes.has('sales_invoices:create') ? (
          <ActionButton action={`${base}/convert`} viewer={viewer} label="Convert to invoice" />
        ) : null}
        {'converted_to_id' in document && document.converted_to_id ? (
          <p>
            Invoiced: <a href={`/dashboard/invoices/${document.converted_to_id}`}>its invoice</a>
          </p>
        ) : null}
        {!voided && viewer.scopes.has(kind.voidScope) ? (
          applied ? (
            <p class="muted">Credit from it is applied to invoices: undo those first to void it.</p>
          ) : (
            <VoidButton action={`${base}/void`} label={`Void ${kind.label.toLowerCase()}`} />
          )
        ) : null}
      </div>
      <DocumentLines document={document} />
      <DocumentTotals document={document}>
        {'remaining_credit' in document ? (
          <>
            <dt>Applied</dt>
            <dd>
              <Money value={document.amount_allocated} currency={document.currency} />
            </dd>
            <dt>Credit left</dt>
            <dd>
              <strong>
                <Money value={remaining} currency={document.currency} />
              </strong>
            </dd>
          </>
        ) : null}
      </DocumentTotals>
      {kind.appliesCredit ? (
        <>
          <h2>Credit applied</h2>
          <Table caption="Credit applied to invoices" rows={detail.allocations.length} empty="No credit applied yet." head={['Invoice', 'Date', { label: 'Amount', num: true }, 'Action']}>
            {detail.allocations.map((allocation) => (
              <tr>
                <td>
                  <a href={`/dashboard/invoices/${allocation.document_id}`}>{allocation.document_no}</a>
                </td>
                <td>{allocation.date}</td>
                <td class="num">
                  <Money value={allocation.amount} currency={allocation.currency} />
                </td>
                <td>
                  {allocation.voided_at ? `Undone ${allocation.voided_at.slice(0, 10)}` : viewer.scopes.has(kind.voidScope) ? <ActionButton action={`/dashboard/credit-allocations/${allocation.id}/void`} viewer={viewer} label="Undo" fields={{ credit_note_id: document.id }} date={VOID_DATE} /> : null}
                </td>
              </tr>
            ))}
          </Table>
          {!voided && remaining > 0 && viewer.scopes.has('sales_documents:create') ? (
            <>
              <h2>Apply credit to invoices</h2>
              <Problem message={view.entered?.problem} />
              <ApplyCredit viewer={viewer} kind={kind} detail={detail} today={view.today} entered={view.entered} />
            </>
          ) : null}
        </>
      ) : null}
      {kind.posts ? <JournalTables entries={detail.entries} accountNames={detail.accountNames} /> : <p class="muted">An {kind.label.toLowerCase()} posts nothing to the books.</p>}
      {view.history ? <RecordHistory entries={view.history.entries} more={view.history.more} /> : null}
    </Frame>,
  );
}
