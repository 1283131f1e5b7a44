import { csvLines } from '../../platform/core/csv.ts';
import { renderDocument } from '../../platform/web/layout.tsx';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { FilterButton, Table } from '../../platform/web/parts.tsx';
import type { AuditActor, AuditChange, AuditEntry } from '../../platform/trail/entry.ts';
import type { AuditLogQueryInput } from '../schemas.ts';

export const AUDIT_LOG_PATH = '/dashboard/settings/audit-log';

/** Who acted, in words: a person by name, a key or an app by its id, the service by its job. */
export function actorText(actor: AuditActor): string {
  if (actor.type === 'user') return actor.name ?? `User ${actor.id}`;
  if (actor.type === 'api_key') return `API key ${actor.name ?? actor.id.slice(0, 8)}`;
  if (actor.type === 'oauth_app') return `App ${actor.name ?? actor.id}${actor.user_id ? ` for user ${actor.user_id.slice(0, 8)}` : ''}`;
  return `Service (${actor.id})`;
}

const valueText = (value: unknown) => {
  const text = value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

/** What moved, one line a field: `field: from → to` (a creation's fields as set). */
export function changeLines(changes: readonly AuditChange[]): string[] {
  return changes.map((change) => (change.from === null ? `${change.field}: ${valueText(change.to)}` : `${change.field}: ${valueText(change.from)} → ${valueText(change.to)}`));
}

/** A few fields shown as they are; a creation's many fields folded under their count (opened without script). */
const FOLDED_FROM = 4;

function Changes(props: { changes: readonly AuditChange[] }) {
  const lines = changeLines(props.changes);
  if (lines.length === 0) return <span class="muted">—</span>;
  const list = (
    <ul class="changes">
      {lines.map((line) => (
        <li>{line}</li>
      ))}
    </ul>
  );
  if (lines.length < FOLDED_FROM) return list;
  return (
    <details>
      <summary>{props.changes.every((change) => change.from === null) ? `${lines.length} fields set` : `${lines.length} fields changed`}</summary>
      {list}
    </details>
  );
}

/** One entry's row: when, who, what was done, (the record, in the log), what moved, (its seq, in the log). */
function EntryRow(props: { entry: AuditEntry; inLog: boolean }) {
  const { entry } = props;
  return (
    <tr>
      <td>{entry.at.slice(0, 19).replace('T', ' ')} UTC</td>
      <td>{actorText(entry.actor)}</td>
      <td>{entry.action}</td>
      {props.inLog ? (
        <td>
          {entry.record.type.replace(/_/g, ' ')} {entry.record.no ?? entry.record.id.slice(0, 8)}
        </td>
      ) : null}
      <td>
        <Changes changes={entry.changes} />
      </td>
      {props.inLog ? <td class="num">{entry.seq === null ? '…' : String(entry.seq)}</td> : null}
    </tr>
  );
}

/** A record's history on its own page (who, when, what changed), newest first. */
export function RecordHistory(props: { entries: readonly AuditEntry[]; more: string | null }) {
  return (
    <section aria-labelledby="history">
      <h2 id="history">History</h2>
      <Table caption="History" rows={props.entries.length} empty="No history recorded." head={['When', 'Who', 'Action', 'What changed']}>
        {props.entries.map((entry) => (
          <EntryRow entry={entry} inLog={false} />
        ))}
      </Table>
      {props.more ? <a href={props.more}>Whole history in the audit log</a> : null}
    </section>
  );
}

/** The query's filters as they travel in links (the CSV, the next page). */
export function filtersOf(query: AuditLogQueryInput): Record<string, string> {
  const { record_type, record_id, actor_id, action, from, to } = query;
  return Object.fromEntries(Object.entries({ record_type, record_id, actor_id, action, from, to }).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string>;
}

function Filter(props: { name: string; label: string; value: string | undefined; type?: 'text' | 'date' }) {
  return (
    <div>
      <label for={props.name}>{props.label}</label>
      {props.type === 'date' ? <input id={props.name} name={props.name} type="date" value={props.value ?? ''} /> : <input id={props.name} name={props.name} type="text" value={props.value ?? ''} />}
    </div>
  );
}

/** Settings → Audit log: every change to the business's records, newest first, filtered as the API filters, and its CSV. */
export function auditLogPage(view: { viewer: Viewer; query: AuditLogQueryInput; items: readonly AuditEntry[]; nextCursor: string | null }): string {
  const filters = filtersOf(view.query);
  const link = (extra: Record<string, string>) => `?${new URLSearchParams({ ...filters, ...extra })}`;
  return renderDocument(
    <Frame viewer={view.viewer} title="Audit log">
      <p>Every change to the business's records: who made it, when, and what moved. Entries are chained (seq and hash) within seconds of the change.</p>
      <form method="get" action={AUDIT_LOG_PATH} class="card filters" aria-label="Filter the audit log">
        <Filter name="record_type" label="Record type" value={view.query.record_type} />
        <Filter name="action" label="Action" value={view.query.action} />
        <Filter name="actor_id" label="Actor id" value={view.query.actor_id} />
        <Filter name="from" label="From" value={view.query.from} type="date" />
        <Filter name="to" label="To" value={view.query.to} type="date" />
        <FilterButton />
      </form>
      <p>
        <a href={`${AUDIT_LOG_PATH}/export.csv${link({})}`}>Download these entries as CSV</a>
      </p>
      <Table caption="Audit log" rows={view.items.length} empty="No entries match." head={['When', 'Who', 'Action', 'Record', 'What changed', { label: 'Seq', num: true }]}>
        {view.items.map((entry) => (
          <EntryRow entry={entry} inLog />
        ))}
      </Table>
      {view.nextCursor ? (
        <nav class="pager" aria-label="Pages">
          <a href={`${AUDIT_LOG_PATH}${link({ cursor: view.nextCursor })}`}>Older entries</a>
        </nav>
      ) : null}
    </Frame>,
  );
}

/** The entries as CSV, one row each, with every field an auditor's spreadsheet needs (the chain's included). */
export function auditLogCsv(entries: readonly AuditEntry[]): string {
  return csvLines([
    ['at', 'seq', 'actor_type', 'actor_id', 'actor_name', 'user_id', 'action', 'record_type', 'record_id', 'record_no', 'related', 'changes', 'request_id', 'client_ip', 'prev_hash', 'hash'],
    ...entries.map((entry) => [
      entry.at,
      entry.seq === null ? '' : String(entry.seq),
      entry.actor.type,
      entry.actor.id,
      entry.actor.name ?? '',
      entry.actor.user_id ?? '',
      entry.action,
      entry.record.type,
      entry.record.id,
      entry.record.no ?? '',
      entry.related.map((ref) => `${ref.type}:${ref.no ?? ref.id}`).join(' '),
      JSON.stringify(entry.changes),
      entry.request_id ?? '',
      entry.client_ip ?? '',
      entry.prev_hash ?? '',
      entry.hash ?? '',
    ]),
  ]);
}
