/**
 * Reconciling in the dashboard: each bank account's statement and ledger balances and their difference; an
 * account's lines by status; one line with its suggestions (matched in one click), categorize, exclude and undo.
 * Every action is a plain form that posts to the API's own use case.
 */
import { RecordHistory } from '../../audit/index.ts';
import { RecordFiles, type RecordFilesView } from '../../attachments/index.ts';
import type { RecordHistoryView } from '../../audit/index.ts';
import type { ImportResource } from '../imports.ts';
import type { BankLineResource } from '../lines.ts';
import type { Suggestion } from '../suggestions.ts';
import type { UnmatchedPostingResource } from '../unmatched-postings.ts';
import { LINE_STATUSES } from '../bank-reconciliation.ts';
import type { Page } from '../../platform/core/paging.ts';
import { Hidden, Problem, renderDocument } from '../../platform/web/layout.tsx';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { ActionButton, FormTokens, Money, Pager, Table } from '../../platform/web/parts.tsx';

export interface Reconciliation {
  readonly currency: string;
  readonly as_of: string;
  readonly feed_balance: number;
  readonly ledger_balance: number;
  readonly difference: number;
  readonly stated_balance: number | null;
  readonly stated_date: string | null;
  readonly unmatched_lines: { readonly count: number; readonly amount: number };
  readonly unmatched_postings: { readonly count: number; readonly amount: number };
}

export interface AccountSummary {
  readonly id: string;
  readonly name: string;
  readonly currency: string;
  readonly reconciliation: Reconciliation;
}

const BASE = '/dashboard/banking';

function Balances(props: { summary: Reconciliation }) {
  const { summary } = props;
  const currency = summary.currency;
  return (
    <dl class="facts">
      <dt>Statement (feed)</dt>
      <dd>
        <Money value={summary.feed_balance} currency={currency} />
      </dd>
      {summary.stated_balance !== null ? (
        <>
          <dt>Stated by the bank ({summary.stated_date})</dt>
          <dd>
            <Money value={summary.stated_balance} currency={currency} />
          </dd>
        </>
      ) : null}
      <dt>In the books</dt>
      <dd>
        <Money value={summary.ledger_balance} currency={currency} />
      </dd>
      <dt>Difference</dt>
      <dd>
        <strong>
          <Money value={summary.difference} currency={currency} />
        </strong>
      </dd>
      <dt>Unmatched lines</dt>
      <dd>
        {summary.unmatched_lines.count}, <Money value={summary.unmatched_lines.amount} currency={currency} />
      </dd>
      <dt>In the books, not on the statement</dt>
      <dd>
        {summary.unmatched_postings.count}, <Money value={summary.unmatched_postings.amount} currency={currency} />
      </dd>
    </dl>
  );
}

export function bankingPage(view: { viewer: Viewer; accounts: Page<AccountSummary>; notice?: string | undefined }): string {
  return renderDocument(
    <Frame viewer={view.viewer} title="Banking" notice={view.notice}>
      <p class="actions">
        {view.viewer.scopes.has('finance_banking:create') ? (
          <>
            <a class="button" href={`${BASE}/accounts/new`}>
              New bank or cash account
            </a>{' '}
            <a class="button secondary" href={`${BASE}/transfers/new`}>
              New transfer
            </a>
          </>
        ) : null}{' '}
        <a class="button secondary" href={`${BASE}/rules`}>
          Bank rules
        </a>
      </p>
      {view.accounts.items.length === 0 ? (
        <p class="muted">
          No bank or cash accounts yet.{view.viewer.scopes.has('finance_banking:create') ? <> Add the one money comes into, and payments can be recorded: <a href={`${BASE}/accounts/new`}>new bank or cash account</a>.</> : null}
        </p>
      ) : null}
      {view.accounts.items.map((account) => (
        <section class="card" aria-labelledby={`account-${account.id}`}>
          <h2 id={`account-${account.id}`}>
            <a href={`${BASE}/${account.id}`}>{account.name}</a> ({account.currency})
          </h2>
          <Balances summary={account.reconciliation} />
        </section>
      ))}
      <Pager pagination={view.accounts.pagination} base={BASE} query={{}} />
    </Frame>,
  );
}

const STATUS_LABELS: Readonly<Record<(typeof LINE_STATUSES)[number], string>> = { unmatched: 'Unmatched', matched: 'Matched', categorized: 'Categorized', excluded: 'Excluded' };

/** The account page's views: its lines in one status, or the postings no line explains. */
export const ACCOUNT_VIEWS = [...LINE_STATUSES, 'postings'] as const;
export type AccountView = (typeof ACCOUNT_VIEWS)[number];

export type AccountListing = { readonly view: (typeof LINE_STATUSES)[number]; readonly lines: Page<BankLineResource> } | { readonly view: 'postings'; readonly postings: Page<UnmatchedPostingResource> };

/** What the unmatched lines' screen offers to one who may reconcile: each line's best match, and the accounts to categorize several lines against. */
export interface ReconcileChoices {
  readonly best: ReadonlyMap<string, Suggestion>;
  readonly accounts: readonly { readonly id: string; readonly name: string }[];
}

export function bankAccountPage(view: { viewer: Viewer; account: AccountSummary; listing: AccountListing; reconcile?: ReconcileChoices | undefined; notice?: string | undefined; problem?: string | undefined }): string {
  const { viewer, account, listing } = view;
  return renderDocument(
    <Frame viewer={viewer} title={account.name} notice={view.notice}>
      <Problem message={view.problem} />
      <p>
        <a href={BASE}>All accounts</a>
        {viewer.scopes.has('finance_banking:create') ? (
          <>
            {' '}
            <a class="button" href={`${BASE}/${account.id}/import`}>
              Import a statement
            </a>
          </>
        ) : null}
      </p>
      <div class="card">
        <Balances summary={account.reconciliation} />
      </div>
      <nav class="views" aria-label="Lines by status">
        {LINE_STATUSES.map((status) => (
          <a href={`${BASE}/${account.id}?status=${status}`} aria-current={status === listing.view ? 'page' : undefined}>
            {STATUS_LABELS[status]}
          </a>
        ))}
        <a href={`${BASE}/${account.id}?status=postings`} aria-current={listing.view === 'postings' ? 'page' : undefined}>
          Not on the statement
        </a>
      </nav>
      {listing.view === 'postings' ? <UnmatchedPostings account={account} postings={listing.postings} /> : <Lines viewer={viewer} account={account} status={listing.view} lines={listing.lines} reconcile={view.reconcile} />}
    </Frame>,
  );
}

/** The postings no line explains yet: with the unmatched lines, what the difference is made of. */
function UnmatchedPostings(props: { account: AccountSummary; postings: Page<UnmatchedPostingResource> }) {
  const { account, postings } = props;
  return (
    <>
      <p class="muted">Money the books have on this account that no statement line is matched to yet. The difference is the unmatched lines less these.</p>
      <Table caption="In the books, not on the statement" rows={postings.items.length} empty="Every posting on this account is matched to a line." head={['Date', 'Posting', { label: 'Amount', num: true }]}>
        {postings.items.map((posting) => (
          <tr>
            <td>{posting.date}</td>
            <td>{[posting.type.replace('_', ' '), posting.no].filter(Boolean).join(' ')}</td>
            <td class="num">
              <Money value={posting.amount} currency={posting.currency} />
            </td>
          </tr>
        ))}
      </Table>
      <Pager pagination={postings.pagination} base={`${BASE}/${account.id}`} query={{ status: 'postings' }} />
    </>
  );
}

const CATEGORIZE_SELECTED = 'categorize-lines';

/** The account and the tax inside the amount, of a categorize form for one line or several. */
function CategorizeFields(props: { idPrefix: string; accounts: readonly { readonly id: string; readonly name: string }[]; accountLabel: string; taxLabel: string }) {
  return (
    <>
      <label for={`${props.idPrefix}-account`}>{props.accountLabel}</label>
      <select id={`${props.idPrefix}-account`} name="account_id" required>
        <option value="">Choose an account</option>
        {props.accounts.map((account) => (
          <option value={account.id}>{account.name}</option>
        ))}
      </select>
      <label for={`${props.idPrefix}-tax`}>{props.taxLabel}</label>
      <input id={`${props.idPrefix}-tax`} type="text" name="tax_rate" inputMode="decimal" />
    </>
  );
}

const lineName = (line: BankLineResource) => `the line of ${line.date} for ${line.amount}`;

function Lines(props: { viewer: Viewer; account: AccountSummary; status: (typeof LINE_STATUSES)[number]; lines: Page<BankLineResource>; reconcile?: ReconcileChoices | undefined }) {
  const { viewer, account, reconcile } = props;
  const canUndo = viewer.scopes.has('finance_banking:update');
  // The unmatched lines' screen: each line's best match with its Match button, and boxes to categorize several at once.
  const screen = props.status === 'unmatched' && reconcile !== undefined && props.lines.items.length > 0 ? reconcile : undefined;
  return (
    <>
      <Table caption={`${STATUS_LABELS[props.status]} lines`} rows={props.lines.items.length} empty={`No ${props.status} lines.`} head={[...(screen ? ['Select'] : []), 'Date', 'Description', { label: 'Amount', num: true }, screen ? 'Best match' : 'Linked to', 'Action']}>
        {props.lines.items.map((line) => {
          const best = screen?.best.get(line.id);
          return (
            <tr>
              {screen ? (
                <td>
                  <input type="checkbox" name="line_id" value={line.id} form={CATEGORIZE_SELECTED} aria-label={`Select ${lineName(line)}`} />
                </td>
              ) : null}
              <td class="date">{line.date}</td>
              <td>{line.description ?? '—'}</td>
              <td class="num">
                <Money value={line.amount} currency={line.currency} />
              </td>
              <td>{screen ? (best ? describe(best) : '—') : line.matches.map((match) => match.no ?? match.type).join(', ') || '—'}</td>
              <td>
                {line.status === 'unmatched' ? (
                  <>
                    {best ? <MatchButton viewer={viewer} lineId={line.id} suggestion={best} label={`Match ${lineName(line)} to ${describe(best)}`} /> : null}{' '}
                    <a href={`${BASE}/lines/${line.id}`} aria-label={`Reconcile ${lineName(line)}`}>
                      {best ? 'Other choices' : 'Reconcile'}
                    </a>
                  </>
                ) : canUndo ? (
                  <ActionButton action={`${BASE}/lines/${line.id}/undo`} viewer={viewer} label="Undo" />
                ) : (
                  '—'
                )}
              </td>
            </tr>
          );
        })}
      </Table>
      {screen ? (
        <form method="post" action={`${BASE}/${account.id}/categorize`} id={CATEGORIZE_SELECTED} class="card">
          <FormTokens viewer={viewer} />
          <CategorizeFields idPrefix="categorize-selected" accounts={screen.accounts} accountLabel="Account for the selected lines" taxLabel="Tax % (included in each amount)" />
          <button type="submit">Categorize selected</button>
        </form>
      ) : null}
      <Pager pagination={props.lines.pagination} base={`${BASE}/${account.id}`} query={{ status: props.status }} />
    </>
  );
}

const describe = (suggestion: Suggestion) => [suggestion.kind.replace('_', ' '), suggestion.no, suggestion.party?.name, suggestion.date].filter(Boolean).join(' · ');

/** Matches a line to one suggestion in one click: a posting by its journal entry, an open document by recording the money the line is. */
function MatchButton(props: { viewer: Viewer; lineId: string; suggestion: Suggestion; label?: string }) {
  const { suggestion } = props;
  return (
    <form method="post" action={`${BASE}/lines/${props.lineId}/match`} class="inline">
      <FormTokens viewer={props.viewer} />
      <Hidden name="kind" value={suggestion.kind} />
      <Hidden name="id" value={suggestion.id} />
      {suggestion.journal_entry_id ? <Hidden name="journal_entry_id" value={suggestion.journal_entry_id} /> : null}
      {suggestion.party ? <Hidden name="party_id" value={suggestion.party.id} /> : null}
      <button type="submit" aria-label={props.label ?? `Match to ${describe(suggestion)}`}>
        Match
      </button>
    </form>
  );
}

/** One unmatched line: its suggestions, each matched in one click; or categorize it; or exclude it. */
export function bankLinePage(view: { viewer: Viewer; line: BankLineResource; suggestions: readonly Suggestion[]; accounts: readonly { readonly id: string; readonly name: string }[]; history: RecordHistoryView | undefined; files: RecordFilesView | undefined; problem?: string | undefined; notice?: string | undefined }): string {
  const { viewer, line } = view;
  const action = `${BASE}/lines/${line.id}`;
  const canCreate = viewer.scopes.has('finance_banking:create');
  const matchable = view.suggestions.filter((suggestion) => suggestion.kind !== 'rule');
  return renderDocument(
    <Frame viewer={viewer} title="Reconcile a line" notice={view.notice}>
      <Problem message={view.problem} />
      <p>
        <a href={`${BASE}/${line.account_id}`}>Back to the account</a>
      </p>
      <div class="card">
        <dl class="facts">
          <dt>Date</dt>
          <dd>{line.date}</dd>
          <dt>Description</dt>
          <dd>{line.description ?? '—'}</dd>
          <dt>Amount</dt>
          <dd>
            <Money value={line.amount} currency={line.currency} />
          </dd>
        </dl>
      </div>
      <h2>Suggestions</h2>
      {view.suggestions.some((suggestion) => suggestion.kind === 'rule') ? <p>{view.suggestions.find((suggestion) => suggestion.kind === 'rule')!.reason}</p> : null}
      <Table caption="Suggestions" rows={matchable.length} empty="Nothing on the account matches this line: categorize it below." head={['Suggestion', { label: 'Amount', num: true }, 'Why', 'Action']}>
        {matchable.map((suggestion) => (
          <tr>
            <td>{describe(suggestion)}</td>
            <td class="num">{suggestion.amount === null ? '—' : <Money value={suggestion.amount} currency={line.currency} />}</td>
            <td>{suggestion.reason}</td>
            <td>
              {canCreate ? <MatchButton viewer={viewer} lineId={line.id} suggestion={suggestion} /> : null}
            </td>
          </tr>
        ))}
      </Table>
      {canCreate ? (
        <>
          <h2>Categorize</h2>
          <form method="post" action={`${action}/categorize`} class="card">
            <FormTokens viewer={viewer} />
            <CategorizeFields idPrefix="categorize" accounts={view.accounts} accountLabel="Account" taxLabel="Tax % (included in the amount)" />
            <label for="categorize-description">Description</label>
            <input id="categorize-description" type="text" name="description" value={line.description ?? ''} maxLength={500} />
            <button type="submit">Categorize</button>
          </form>
        </>
      ) : null}
      {viewer.scopes.has('finance_banking:update') ? <ActionButton action={`${action}/exclude`} viewer={viewer} label="Exclude this line" danger /> : null}
      {view.files ? <RecordFiles viewer={viewer} view={view.files} /> : null}
      {view.history ? <RecordHistory entries={view.history.entries} more={view.history.more} /> : null}
    </Frame>,
  );
}

const IMPORT_STATUS: Readonly<Record<ImportResource['status'], string>> = { queued: 'Queued', running: 'Importing', done: 'Done', failed: 'Failed' };

/**
 * A queued import's progress, with a link to look again while it runs. Not a timed refresh: a page that reloads
 * itself takes control from whoever reads it (WCAG 2.2.1; axe's meta-refresh), and no script is needed for a link.
 */
export function bankImportPage(view: { viewer: Viewer; imported: ImportResource; account: { readonly id: string; readonly name: string } }): string {
  const { imported } = view;
  const running = imported.status === 'queued' || imported.status === 'running';
  const done = imported.lines_added + imported.lines_skipped;
  return renderDocument(
    <Frame viewer={view.viewer} title={`Statement import into ${view.account.name}`}>
      <div class="card">
        <dl class="facts">
          <dt>Status</dt>
          <dd>
            <span role="status">{IMPORT_STATUS[imported.status]}</span>
          </dd>
          <dt>Lines</dt>
          <dd>
            {done} of {imported.lines_total} read
          </dd>
          <dt>Added</dt>
          <dd>{imported.lines_added}</dd>
          <dt>Already recorded</dt>
          <dd>{imported.lines_skipped}</dd>
          <dt>Posted by rules</dt>
          <dd>{imported.lines_categorized}</dd>
        </dl>
        <progress max={imported.lines_total} value={done} aria-label="Lines read">
          {done} of {imported.lines_total}
        </progress>
        {running ? (
          <p>
            <a class="button secondary" href={`${BASE}/imports/${imported.id}`}>
              Check progress again
            </a>
          </p>
        ) : null}
        {imported.problems.length > 0 ? (
          <Problem message={imported.problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ')} />
        ) : null}
      </div>
      <p>
        <a href={`${BASE}/${view.account.id}`}>Back to {view.account.name}</a>
      </p>
    </Frame>,
  );
}
