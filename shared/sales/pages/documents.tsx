import { MONEY_PAGES } from '../../cash/index.ts';
import { RecordHistory } from '../../audit/index.ts';
import type { RecordHistoryView } from '../../audit/index.ts';
import { RecordFiles, type RecordFilesView } from '../../attachments/index.ts';
import type { ComponentChildren } from 'preact';
import { DraftActions } from '../../ledger/index.ts';
import type { DocumentListQuery, DocumentResource } from '../../ledger/index.ts';
import type { Page } from '../../platform/core/paging.ts';
import { renderDocument } from '../../platform/web/layout.tsx';
import { partyFilterOf, type documentDetail, type listedSettlements, type SettledDocument as Listed } from './documents-rules.ts';
import type { PartyChoice } from '../../parties/index.ts';
import type { Side } from './sides.ts';
import type { Viewer } from '../../platform/web/viewer.ts';
import { EDITORS } from './document-editor-rules.ts';
import { InvoiceActions } from './invoice-actions.tsx';
import type { FormEntry } from '../../platform/web/form-entry.tsx';
import { Frame } from '../../platform/web/frame.tsx';
import { Money, Pager, Table, NewRecordLink, VoidButton } from '../../platform/web/parts.tsx';

const STATUSES = ['Draft', 'Open', 'PartiallyPaid', 'Paid', 'Settled', 'Voided'] as const;
const statusLabel = (status: string) => (status === 'PartiallyPaid' ? 'Partly paid' : status);

const field = (document: Listed, name: string) => String((document as unknown as Record<string, unknown>)[name] ?? '');

export interface DocumentListView {
  readonly viewer: Viewer;
  readonly side: Side;
  readonly query: DocumentListQuery;
  readonly result: Page<Listed>;
  readonly names: ReadonlyMap<string, string>;
  readonly offered: readonly PartyChoice[];
}

/** The filters as the query string they came from, without the page, so the pager keeps them. */
function filtersOf(side: Side, query: DocumentListQuery): Record<string, string> {
  const filters: Record<string, string> = {};
  const party = partyFilterOf(query);
  if (party) filters[side.partyField] = party;
  if (query.status) filters.status = query.status;
  if (query.from) filters.from = query.from;
  if (query.to) filters.to = query.to;
  return filters;
}

export function documentListPage(view: DocumentListView): string {
  const { side, query } = view;
  const filters = filtersOf(side, query);
  return renderDocument(
    <Frame viewer={view.viewer} title={side.plural}>
      <NewRecordLink href={EDITORS[side.type].newPath} label={`New ${EDITORS[side.type].label}`} shown={view.viewer.scopes.has(EDITORS[side.type].scope)} />
      {side.eInvoiceImport ? <NewRecordLink href={side.eInvoiceImport.form} label="Import an e-invoice" shown={view.viewer.scopes.has(side.eInvoiceImport.scope)} /> : null}
      <form method="get" action={side.base} class="card filters" aria-label={`Filter ${side.plural.toLowerCase()}`}>
        <div>
          <label for="party">{side.partyLabel}</label>
          <select id="party" name={side.partyField}>
            <option value="">All {side.partyPlural.toLowerCase()}</option>
            {view.offered.map((party) => (
              <option value={party.id} selected={party.id === filters[side.partyField]}>
                {party.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="status">Status</label>
          <select id="status" name="status">
            <option value="">Any status</option>
            {STATUSES.map((status) => (
              <option value={status} selected={status === query.status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="from">From</label>
          <input id="from" type="date" name="from" value={query.from ?? ''} />
        </div>
        <div>
          <label for="to">To</label>
          <input id="to" type="date" name="to" value={query.to ?? ''} />
        </div>
        <div>
          <button type="submit">Filter</button>
          <a href={side.base} class="button secondary">
            Clear
          </a>
        </div>
      </form>
      <Table caption={side.plural} rows={view.result.items.length} empty={`No ${side.plural.toLowerCase()} match.`} head={['Number', 'Date', side.partyLabel, 'Due', 'Status', { label: 'Total', num: true }, { label: 'Balance due', num: true }]}>
        {view.result.items.map((document) => (
          <tr>
            <td>
              <a href={`${side.base}/${document.id}`}>{document.no}</a>
            </td>
            <td>{field(document, side.dateField)}</td>
            <td>{view.names.get(field(document, side.partyField)) ?? ''}</td>
            <td>{document.due_date ?? '—'}</td>
            <td>{statusLabel(document.status)}</td>
            <td class="num">
              <Money value={document.total} currency={document.currency} />
            </td>
            <td class="num">
              <Money value={document.balance_due} currency={document.currency} />
            </td>
          </tr>
        ))}
      </Table>
      <Pager pagination={view.result.pagination} base={side.base} query={filters} />
    </Frame>,
  );
}

export function documentPage(view: { viewer: Viewer; side: Side; detail: Awaited<ReturnType<typeof documentDetail>>; notice?: string | undefined; sendKey: string; sendEntry?: FormEntry; history?: RecordHistoryView | undefined; files?: RecordFilesView | undefined }): string {
  const { side, viewer } = view;
  const { document, partyName, partyEmail, settledBy, earlierSettlements, entries, accountNames } = view.detail;
  const currency = document.currency;
  const open = document.status === 'Open' || document.status === 'PartiallyPaid';
  const draft = document.status === 'Draft';
  // The service refuses to void a document that money or credit settles; the page does not offer it.
  const settled = document.amount_paid !== 0 || document.amount_credited !== 0;
  return renderDocument(
    <Frame viewer={viewer} title={draft ? `Draft ${side.label.toLowerCase()}` : `${side.label} ${document.no}`} notice={view.notice}>
      <div class="card">
        <DocumentFacts
          facts={[
            [side.partyLabel, partyName],
            ['Date', field(document, side.dateField)],
            ['Due', document.due_date ?? '—'],
            ['Status', statusLabel(document.status)],
          ]}
          reference={document.reference}
        />
        {open && viewer.scopes.has(side.money.scope) ? (
          <a class="button" href={`${side.money.form}?${new URLSearchParams({ party_id: field(document, side.partyField), document_id: document.id })}`}>
            {side.money.label}
          </a>
        ) : null}
        {draft ? <DraftActions viewer={viewer} base={side.base} label={side.label} scopes={side.draftScopes} id={document.id} editable /> : null}
        {!draft && document.status !== 'Voided' && viewer.scopes.has(side.voidScope) ? (
          settled ? (
            <p class="muted">Receipts, payments or credits settle it: void those first to void it.</p>
          ) : (
            <VoidButton action={`${side.base}/${document.id}/void`} label={`Void ${side.label.toLowerCase()}`} />
          )
        ) : null}
      </div>
      {side.type === 'invoice' && !draft ? <InvoiceActions viewer={viewer} invoiceId={document.id} voided={document.status === 'Voided'} sendKey={view.sendKey} customerEmail={partyEmail} entry={view.sendEntry} /> : null}
      <DocumentLines document={document} />
      <DocumentTotals document={document}>
        <dt>Paid</dt>
        <dd><Money value={document.amount_paid} currency={currency} /></dd>
        <dt>Credited</dt>
        <dd><Money value={document.amount_credited} currency={currency} /></dd>
        <dt>Balance due</dt>
        <dd><strong><Money value={document.balance_due} currency={currency} /></strong></dd>
      </DocumentTotals>
      {draft ? null : (
        <>
          <h2>Allocations</h2>
          <SettlementTable caption="Allocations" empty="No receipts or payments settle it." listed={{ settledBy, earlierSettlements }} currency={currency} />
        </>
      )}
      <JournalTables entries={entries} accountNames={accountNames} />
      {/* A draft is not a record files attach to (the API's attachments name posted records): they come with approval. */}
      {draft ? <p class="muted">Files attach to it once it is approved.</p> : view.files ? <RecordFiles viewer={view.viewer} view={view.files} /> : null}
      {view.history ? <RecordHistory entries={view.history.entries} more={view.history.more} /> : null}
    </Frame>,
  );
}

/** A document's lines as its page shows them. */
export function DocumentLines(props: { document: DocumentResource }) {
  const { document } = props;
  return (
    <>
      <h2>Lines</h2>
      <Table caption="Lines" rows={document.lines.length} head={['Description', { label: 'Quantity', num: true }, { label: 'Unit price', num: true }, { label: 'Tax rate', num: true }, { label: 'Amount', num: true }]}>
        {document.lines.map((line) => (
          <tr>
            <td>{line.description}</td>
            <td class="num">{line.quantity}</td>
            <td class="num">
              <Money value={line.unit_price} currency={document.currency} />
            </td>
            <td class="num">{line.tax_rate}%</td>
            <td class="num">
              <Money value={line.amount} currency={document.currency} />
            </td>
          </tr>
        ))}
      </Table>
    </>
  );
}

/** A document's journal entries (its posting and any reversal), each a table of accounts, debits and credits. */
export function JournalTables(props: { entries: Awaited<ReturnType<typeof documentDetail>>['entries']; accountNames: ReadonlyMap<string, string> }) {
  const { entries, accountNames } = props;
  return (
    <>
      <h2>Journal</h2>
      {entries.length === 0 ? <p class="muted">No journal entry.</p> : null}
      {entries.map((entry) => (
        <Table caption={`Journal entry of ${entry.date}`} rows={entry.lines.length} head={[entry.reverses ? `Reversal, ${entry.date}` : `Posted ${entry.date}`, { label: 'Debit', num: true }, { label: 'Credit', num: true }]}>
          {entry.lines.map((line) => (
            <tr>
              <td>{accountNames.get(line.account_id) ?? line.account_id}</td>
              <td class="num">{line.debit ? <Money value={line.debit} currency={entry.currency} /> : ''}</td>
              <td class="num">{line.credit ? <Money value={line.credit} currency={entry.currency} /> : ''}</td>
            </tr>
          ))}
        </Table>
      ))}
    </>
  );
}

/** A document's totals, and after them what its type adds (paid and due, or credit applied and left). */
export function DocumentTotals(props: { document: DocumentResource; children?: ComponentChildren }) {
  const { document } = props;
  return (
    <>
      <h2>Totals</h2>
      <div class="card">
        <dl class="facts">
          <dt>Subtotal</dt>
          <dd><Money value={document.subtotal} currency={document.currency} /></dd>
          <dt>Tax</dt>
          <dd><Money value={document.tax_total} currency={document.currency} /></dd>
          <dt>Total</dt>
          <dd><Money value={document.total} currency={document.currency} /></dd>
          {props.children}
        </dl>
      </div>
    </>
  );
}

/** A document's facts at the top of its page: each one given, then its reference when it has one. */
export function DocumentFacts(props: { facts: readonly (readonly [string, string])[]; reference: string | null }) {
  const facts = props.reference ? [...props.facts, ['Reference', props.reference] as const] : props.facts;
  return (
    <dl class="facts">
      {facts.map(([label, value]) => (
        <>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </>
      ))}
    </dl>
  );
}

/**
 * The settlements a document lists on itself (an invoice's receipts, a credit's refunds), latest last, each linked to
 * its page, and how many earlier ones it settles by without listing them.
 */
export function SettlementTable(props: { caption: string; empty: string; listed: ReturnType<typeof listedSettlements>; currency: string }) {
  const { settledBy, earlierSettlements } = props.listed;
  return (
    <>
      <Table caption={props.caption} rows={settledBy.length} empty={props.empty} head={['Number', 'Kind', 'Date', { label: 'Amount', num: true }]}>
        {settledBy.map((settlement) => (
          <tr>
            <td>
              <a href={`${MONEY_PAGES[settlement.kind].base}/${settlement.id}`}>{settlement.no}</a>
            </td>
            <td>{MONEY_PAGES[settlement.kind].label}</td>
            <td>{settlement.date}</td>
            <td class="num">
              <Money value={settlement.amount} currency={props.currency} />
            </td>
          </tr>
        ))}
      </Table>
      {earlierSettlements > 0 ? (
        <p class="muted">
          The {settledBy.length} recorded last are listed; {earlierSettlements} recorded before them {earlierSettlements === 1 ? 'is' : 'are'} not.
        </p>
      ) : null}
    </>
  );
}
