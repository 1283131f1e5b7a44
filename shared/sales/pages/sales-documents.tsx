/** The pages of credit notes, vendor credits, prepayments, estimates and orders: a list, and a page for each, drafts too. */
import { EInvoiceLinks } from './e-invoice-links.tsx';
import { CashAccountSelect } from '../../cash/index.ts';
import { RecordFiles, type RecordFilesView } from '../../attachments/index.ts';
import { RecordHistory } from '../../audit/index.ts';
import type { RecordHistoryView } from '../../audit/index.ts';
import { DraftActions } from '../../ledger/index.ts';
import type { DocumentListQuery } from '../../ledger/index.ts';
import type { Page } from '../../platform/core/paging.ts';
import { Hidden, Problem, renderDocument } from '../../platform/web/layout.tsx';
import { listedStatuses, partyIdOf, type salesDocumentDetail, type salesDocumentList, type DocumentPages } from './sales-documents-rules.ts';
import type { Viewer } from '../../platform/web/viewer.ts';
import { DocumentFacts, DocumentLines, DocumentTotals, JournalTables, SettlementTable } from './documents.tsx';
import { Frame } from '../../platform/web/frame.tsx';
import { ActionButton, FilterButton, FormTokens, Money, Pager, Table, VOID_DATE, NewRecordLink, VoidButton } from '../../platform/web/parts.tsx';


type Listed = Awaited<ReturnType<typeof salesDocumentList>>['result'] extends Page<infer T> ? T : never;

export function salesDocumentListPage(view: { viewer: Viewer; kind: DocumentPages; query: DocumentListQuery; result: Page<Listed>; names: ReadonlyMap<string, string>; notice?: string | undefined }): string {
  const { kind, viewer } = view;
  const filters: Record<string, string> = view.query.status ? { status: view.query.status } : {};
  const statuses = listedStatuses(kind);
  return renderDocument(
    <Frame viewer={viewer} title={kind.plural} notice={view.notice}>
      <NewRecordLink href={kind.making.href} label={kind.making.label} shown={viewer.scopes.has(kind.making.scope)} />
      <form method="get" action={kind.base} class="card filters" aria-label={`Filter ${kind.plural.toLowerCase()}`}>
        <div>
          <label for="status">Status</label>
          <select id="status" name="status">
            <option value="">Any status</option>
            {statuses.map((status) => (
              <option value={status} selected={status === view.query.status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <FilterButton />
      </form>
      <Table caption={kind.plural} rows={view.result.items.length} empty={`No ${kind.plural.toLowerCase()} match.`} head={['Number', 'Date', kind.side.partyLabel, 'Status', { label: 'Total', num: true }, ...(kind.credit ? [{ label: 'Credit left', num: true as const }] : [])]}>
        {view.result.items.map((document) => (
          <tr>
            <td>
              <a href={`${kind.base}/${document.id}`}>{document.no ?? 'Draft'}</a>
            </td>
            <td>{document.date}</td>
            <td>{view.names.get(partyIdOf(document)) ?? ''}</td>
            <td>{document.status}</td>
            <td class="num">
              <Money value={document.total} currency={document.currency} />
            </td>
            {kind.credit ? (
              <td class="num">{'remaining_credit' in document ? <Money value={document.remaining_credit} currency={document.currency} /> : null}</td>
            ) : null}
          </tr>
        ))}
      </Table>
      <Pager pagination={view.result.pagination} base={kind.base} query={filters} />
    </Frame>,
  );
}

/** What was typed in a refused application of credit: the amounts by invoice or bill, the date, and why it was refused. */
export interface EnteredCredit {
  readonly problem: string;
  readonly amounts: ReadonlyMap<string, string>;
  readonly date: string | undefined;
}

type Detail = Awaited<ReturnType<typeof salesDocumentDetail>>;

function ApplyCredit(props: { viewer: Viewer; kind: DocumentPages; detail: Detail; today: string; entered?: EnteredCredit | undefined }) {
  const { detail, entered, kind } = props;
  const base = `${kind.base}/${detail.document.id}`;
  const targets = kind.side.plural.toLowerCase();
  if (detail.open.length === 0) return <p class="muted">{detail.partyName} has no open {targets} in {detail.document.currency} to apply credit to.</p>;
  return (
    <form method="post" action={`${base}/allocations`} class="card">
      <FormTokens viewer={props.viewer} />
      <Table caption={`Open ${targets} of the ${kind.side.partyLabel.toLowerCase()}`} rows={detail.open.length} head={['Number', 'Due', { label: 'Balance due', num: true }, { label: 'Credit to apply', num: true }]}>
        {detail.open.map((target) => (
          <tr>
            <td>
              <a href={`${kind.side.base}/${target.id}`}>{target.no}</a>
            </td>
            <td>{target.due_date ?? '—'}</td>
            <td class="num">
              <Money value={target.balance_due} currency={target.currency} />
            </td>
            <td class="num">
              <Hidden name="document_id" value={target.id} />
              <label class="vh" for={`amount-${target.id}`}>
                Amount for {target.no}
              </label>
              <input id={`amount-${target.id}`} type="text" inputmode="decimal" name="amount" placeholder="0.00" size={10} value={entered?.amounts.get(target.id) ?? ''} />
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

/** What was typed in a refused refund, and why it was refused. */
export interface EnteredRefund {
  readonly problem: string;
  readonly amount: string;
  readonly date: string;
  readonly accountId: string;
  readonly reference: string;
}

/** Refund on a credit document's page: what is left of its credit paid back (or received back) through a bank or cash account. */
function RefundCredit(props: { viewer: Viewer; kind: DocumentPages; detail: Detail; today: string; refundKey: string; entered?: EnteredRefund | undefined }) {
  const { detail, entered, kind } = props;
  const document = detail.document;
  const remaining = 'remaining_credit' in document ? document.remaining_credit : 0;
  const into = kind.side.party === 'customer' ? 'Paid from' : 'Received into';
  if (detail.refundAccounts.length === 0) return <p class="muted">No bank or cash account in {document.currency} yet: <a href="/dashboard/banking/accounts/new">add one</a> to refund the credit through it.</p>;
  return (
    <form method="post" action={`${kind.base}/${document.id}/refund`} class="card">
      <FormTokens viewer={props.viewer} />
      <Hidden name="idempotency_key" value={props.refundKey} />
      <Problem message={entered?.problem} />
      <label for="refund-amount">Amount ({document.currency})</label>
      <input id="refund-amount" type="text" inputmode="decimal" name="amount" required size={12} value={entered?.amount ?? String(remaining)} />
      <label for="refund-date">Date</label>
      <input id="refund-date" type="date" name="date" value={entered?.date ?? props.today} required />
      <CashAccountSelect id="refund-account" label={into} accounts={detail.refundAccounts} selected={entered?.accountId} />
      <label for="refund-reference">Reference (optional)</label>
      <input id="refund-reference" type="text" name="reference" maxlength={100} value={entered?.reference ?? ''} />
      <button type="submit">Record refund</button>
    </form>
  );
}

export function salesDocumentPage(view: { viewer: Viewer; kind: DocumentPages; detail: Detail; today: string; refundKey: string; notice?: string | undefined; entered?: EnteredCredit; enteredRefund?: EnteredRefund; history?: RecordHistoryView | undefined; files?: RecordFilesView | undefined }): string {
  const { viewer, kind, detail } = view;
  const { document } = detail;
  const base = `${kind.base}/${document.id}`;
  const voided = document.status === 'Voided';
  const draft = document.status === 'Draft';
  const applied = 'amount_allocated' in document && document.amount_allocated !== 0;
  const remaining = 'remaining_credit' in document ? document.remaining_credit : 0;
  const convertedTo = 'converted_to_id' in document ? document.converted_to_id : null;
  return renderDocument(
    <Frame viewer={viewer} title={draft ? `Draft ${kind.label.toLowerCase()}` : `${kind.label} ${document.no}`} notice={view.notice}>
      <div class="card">
        <DocumentFacts
          facts={[
            [kind.side.partyLabel, detail.partyName],
            ['Date', document.date],
            ['Status', document.status],
          ]}
          reference={document.reference}
        />
        {draft && kind.drafts ? <DraftActions viewer={viewer} base={kind.base} label={kind.label} scopes={kind.drafts} id={document.id} editable /> : null}
        {kind.printed && !draft ? (
          <p>
            <a class="button secondary" href={`${base}/pdf`} download>
              Download PDF
            </a>
            {document.type === 'credit_note' ? <EInvoiceLinks base={base} /> : null}
          </p>
        ) : null}
        {kind.converts && document.status === 'Open' && !convertedTo && viewer.scopes.has(kind.converts.draftScopes.save) ? (
          <ActionButton action={`${base}/convert`} viewer={viewer} label={`Convert to ${kind.converts.label.toLowerCase()}`} />
        ) : null}
        {kind.converts && convertedTo ? (
          <p>
            {kind.converts.type === 'invoice' ? 'Invoiced' : 'Billed'}: <a href={`${kind.converts.base}/${convertedTo}`}>its {kind.converts.label.toLowerCase()}</a>
          </p>
        ) : null}
        {!voided && !draft && viewer.scopes.has(kind.voidScope) ? (
          applied ? (
            <p class="muted">Credit from it is applied to {kind.side.plural.toLowerCase()}: undo those first to void it.</p>
          ) : (
            <VoidButton action={`${base}/void`} label={`Void ${kind.label.toLowerCase()}`} />
          )
        ) : null}
      </div>
      {document.lines.length > 0 ? <DocumentLines document={document} /> : null}
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
      {kind.credit && !draft ? (
        <>
          <h2>Credit applied</h2>
          <Table caption={`Credit applied to ${kind.side.plural.toLowerCase()}`} rows={detail.allocations.length} empty="No credit applied yet." head={[kind.side.label, 'Date', { label: 'Amount', num: true }, 'Action']}>
            {detail.allocations.map((allocation) => (
              <tr>
                <td>
                  <a href={`${kind.side.base}/${allocation.document_id}`}>{allocation.document_no}</a>
                </td>
                <td>{allocation.date}</td>
                <td class="num">
                  <Money value={allocation.amount} currency={allocation.currency} />
                </td>
                <td>
                  {allocation.voided_at ? `Undone ${allocation.voided_at.slice(0, 10)}` : viewer.scopes.has(kind.voidScope) ? <ActionButton action={`${kind.credit!.undoBase}/${allocation.id}/void`} viewer={viewer} label="Undo" date={VOID_DATE} /> : null}
                </td>
              </tr>
            ))}
          </Table>
          <h2>Refunds</h2>
          <SettlementTable caption="Refunds of the credit" empty="No refund listed." listed={detail.refunds} currency={document.currency} />
          {!voided && remaining > 0 && viewer.scopes.has(kind.credit.applyScope) ? (
            <>
              <h2>Apply credit to {kind.side.plural.toLowerCase()}</h2>
              <Problem message={view.entered?.problem} />
              <ApplyCredit viewer={viewer} kind={kind} detail={detail} today={view.today} entered={view.entered} />
            </>
          ) : null}
          {!voided && remaining > 0 && viewer.scopes.has(kind.credit.refund.scope) ? (
            <>
              <h2>{kind.side.party === 'customer' ? 'Refund the credit to the customer' : 'Refund of the credit from the vendor'}</h2>
              <RefundCredit viewer={viewer} kind={kind} detail={detail} today={view.today} refundKey={view.refundKey} entered={view.enteredRefund} />
            </>
          ) : null}
        </>
      ) : null}
      {kind.posts && !draft ? <JournalTables entries={detail.entries} accountNames={detail.accountNames} /> : null}
      {kind.posts ? null : <p class="muted">{`${/^[AEIOU]/.test(kind.label) ? 'An' : 'A'} ${kind.label.toLowerCase()} posts nothing to the books.`}</p>}
      {/* A draft is not a record files attach to (the API's attachments name posted records): they come with approval. */}
      {draft ? <p class="muted">Files attach to it once it is approved.</p> : view.files ? <RecordFiles viewer={viewer} view={view.files} /> : null}
      {view.history ? <RecordHistory entries={view.history.entries} more={view.history.more} /> : null}
    </Frame>,
  );
}
