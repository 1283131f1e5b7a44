/** Manual journals: the list, and the form that posts one (rows of accounts with a debit or a credit each). */
import { HeaderField, LinesTable, type Choice, type LineColumn } from '../../platform/web/line-editor.tsx';
import type { TrackingColumn } from './tracking-columns.ts';
import { isCurrency } from '../../platform/core/money.ts';
import type { FieldProblem } from '../../platform/core/errors.ts';
import type { Page } from '../../platform/core/paging.ts';
import type { ManualJournalResource } from '../journal-schemas.ts';
import { Hidden, Problem, renderDocument } from '../../platform/web/layout.tsx';
import { journalTotals, placeJournalProblems, type JournalTaxRates, type JournalTyped } from './journal-editor.ts';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { FilterButton, FormTokens, Money, Pager, Table, NewRecordLink } from '../../platform/web/parts.tsx';
import { DraftActions } from './draft-actions.tsx';
import type { ComponentChildren } from 'preact';

/** The journals posted, or (`status=draft`) the drafts waiting for approval. */
export function journalsPage(view: { viewer: Viewer; journals: Page<ManualJournalResource>; drafts: boolean; notice?: string | undefined }): string {
  const { viewer } = view;
  return renderDocument(
    <Frame viewer={viewer} title="Manual journals" notice={view.notice}>
      <NewRecordLink href="/dashboard/journals/new" label="New journal" shown={viewer.scopes.has('finance_ledger:create')} />
      <form method="get" action="/dashboard/journals" class="card filters" aria-label="Filter journals">
        <div>
          <label for="status">Status</label>
          <select id="status" name="status">
            <option value="">Posted and voided</option>
            <option value="draft" selected={view.drafts}>
              Draft
            </option>
          </select>
        </div>
        <FilterButton />
      </form>
      <Table caption="Manual journals" rows={view.journals.items.length} empty="No manual journals yet." head={['Number', 'Date', 'Narration', 'Status', { label: 'Amount', num: true }]}>
        {view.journals.items.map((journal) => (
          <tr>
            <td>
              <a href={`/dashboard/journals/${journal.id}`}>{journal.no ?? 'Draft'}</a>
            </td>
            <td>{journal.date}</td>
            <td>{journal.narration}</td>
            <td>{journal.status}</td>
            <td class="num">
              <Money value={journal.lines.reduce((total, line) => total + line.debit, 0)} currency={journal.currency} />
            </td>
          </tr>
        ))}
      </Table>
      <Pager pagination={view.journals.pagination} base="/dashboard/journals" query={view.drafts ? { status: 'draft' } : {}} />
    </Frame>,
  );
}

/** Saving a draft journal takes the journals' create scope; approving it, the ledger's `:approve` verb. */
const JOURNAL_DRAFTS = { save: 'finance_ledger:create', approve: 'finance_ledger:approve' } as const;

const JOURNAL_STATUS: Readonly<Record<ManualJournalResource['status'], string>> = { draft: 'Draft', posted: 'Posted', voided: 'Voided' };

/** What names a journal's lines: its accounts and its tracking options, by id. */
export interface JournalNames {
  readonly accounts: ReadonlyMap<string, string>;
  readonly options: ReadonlyMap<string, string>;
}

/**
 * One manual journal: its facts, its lines as posted (amounts first, so a phone shows them before its table scrolls),
 * then what the page's handler adds below (its files and its history, from domains the ledger does not import).
 */
export function journalPage(view: { viewer: Viewer; journal: ManualJournalResource; names: JournalNames; below: ComponentChildren; notice?: string | undefined }): string {
  const { viewer, journal, names } = view;
  const title = journal.no ? `Journal ${journal.no}` : 'Draft journal';
  return renderDocument(
    <Frame viewer={viewer} title={title} notice={view.notice}>
      <p>
        <a href="/dashboard/journals">Back to the journals</a>
      </p>
      <div class="card">
        <dl class="facts">
          <dt>Date</dt>
          <dd>{journal.date}</dd>
          <dt>Narration</dt>
          <dd>{journal.narration}</dd>
          <dt>Status</dt>
          <dd>{JOURNAL_STATUS[journal.status]}{journal.void_date ? ` (reversed on ${journal.void_date})` : ''}</dd>
          <dt>Total</dt>
          <dd>
            <Money value={journal.total} currency={journal.currency} />
          </dd>
        </dl>
        {journal.status === 'draft' ? <DraftActions viewer={viewer} base="/dashboard/journals" label="Journal" scopes={JOURNAL_DRAFTS} id={journal.id} editable /> : null}
      </div>
      <Table caption="Lines" rows={journal.lines.length} empty="No lines." head={['Account', { label: 'Debit', num: true }, { label: 'Credit', num: true }, { label: 'Tax', num: true }, 'Description', 'Tracking']}>
        {journal.lines.map((line) => (
          <tr>
            <td>{names.accounts.get(line.account_id) ?? line.account_id}</td>
            <td class="num">{line.debit ? <Money value={line.debit} currency={journal.currency} /> : ''}</td>
            <td class="num">{line.credit ? <Money value={line.credit} currency={journal.currency} /> : ''}</td>
            <td class="num">{line.tax ? <Money value={line.tax} currency={journal.currency} /> : ''}</td>
            <td>{line.description ?? ''}</td>
            <td>{line.tracking.map((tag) => names.options.get(tag.option_id) ?? tag.option_id).join(', ')}</td>
          </tr>
        ))}
      </Table>
      {view.below}
    </Frame>,
  );
}

/** A draft journal changed rather than a journal made: where the form posts, and where Cancel leads. */
export interface JournalEditing {
  readonly action: string;
  readonly cancel: string;
}

export function journalEditorPage(view: { viewer: Viewer; typed: JournalTyped; accounts: readonly Choice[]; taxRates: readonly Choice[]; tax: JournalTaxRates; tracking: readonly LineColumn<TrackingColumn>[]; idempotencyKey: string; homeCurrency: string; today: string; problems?: readonly FieldProblem[]; kept?: readonly number[]; editing?: JournalEditing | undefined }): string {
  const { viewer, typed } = view;
  const placed = placeJournalProblems(view.problems ?? [], view.kept ?? [], typed.rows);
  // A currency the form refused (its own problem says so) is counted in the home currency meanwhile.
  const typedCurrency = typed.currency.trim();
  const totals = journalTotals(typed.rows, typedCurrency && isCurrency(typedCurrency) ? typedCurrency : view.homeCurrency, view.tax);
  return renderDocument(
    <Frame viewer={viewer} title={view.editing ? 'Draft journal' : 'New journal'}>
      {(view.problems ?? []).length > 0 ? <Problem message={placed.above.length ? placed.above.join('; ') : 'Please correct the fields marked below.'} /> : null}
      <form method="post" action={view.editing?.action ?? '/dashboard/journals'} class="card editor" noValidate>
        <button type="submit" name="intent" value="more" class="vh" tabIndex={-1}>
          Count the totals
        </button>
        <FormTokens viewer={viewer} />
        <Hidden name="idempotency_key" value={view.idempotencyKey} />
        <div class="filters">
          <HeaderField prefix="journal" name="date" label="Date" type="date" value={typed.date || view.today} problem={placed.header.get('date')} />
          <HeaderField prefix="journal" name="narration" label="Narration" type="text" value={typed.narration} problem={placed.header.get('narration')} />
          <HeaderField prefix="journal" name="currency" label={`Currency (default ${view.homeCurrency})`} type="text" value={typed.currency} problem={placed.header.get('currency')} />
        </div>
        <LinesTable
          columns={[
            { name: 'account_id', label: 'Account', select: { choices: view.accounts, empty: '—' } },
            { name: 'debit', label: 'Debit', numeric: true },
            { name: 'credit', label: 'Credit', numeric: true },
            { name: 'tax_rate_id', label: 'Tax rate', select: { choices: view.taxRates, empty: 'No tax' } },
            { name: 'description', label: 'Description' },
            ...view.tracking,
          ]}
          rows={typed.rows}
          problems={placed.rows}
        />
        <dl class="totals" aria-label="Totals">
          <dt>{totals.taxed ? 'Debits, tax included' : 'Debits'}</dt>
          <dd>{totals.debit}</dd>
          <dt>{totals.taxed ? 'Credits, tax included' : 'Credits'}</dt>
          <dd>{totals.credit}</dd>
          <dt>Balanced</dt>
          <dd>{totals.balanced ? 'Yes' : 'Not yet'}</dd>
        </dl>
        <p>
          <button type="submit" name="intent" value="more" class="secondary">
            More lines and count the totals
          </button>
          {view.editing ? (
            <>
              <button type="submit" name="intent" value="draft">
                Save draft
              </button>{' '}
              <a href={view.editing.cancel}>Cancel</a>
            </>
          ) : (
            <>
              <button type="submit" name="intent" value="draft" class="secondary">
                Save as draft
              </button>
              <button type="submit" name="intent" value="create">
                Post journal
              </button>
            </>
          )}
        </p>
      </form>
    </Frame>,
  );
}
