import type { ComponentChildren } from 'preact';
import { ExactDecimal, minorDigits } from '../core/money.ts';
import type { Pagination } from '../core/paging.ts';
import { Hidden } from './layout.tsx';
import type { Viewer } from './viewer.ts';

/** An amount as people read it: the currency's symbol and digits (an ExactDecimal keeps every digit). */
export function formatMoney(value: number | ExactDecimal, currency: string): string {
  const digits = minorDigits(currency);
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
  return value instanceof ExactDecimal ? format.format(value.text as unknown as number) : format.format(value);
}

export const Money = (props: { value: number | ExactDecimal; currency: string }) => <>{formatMoney(props.value, props.currency)}</>;

/** A table that scrolls sideways on a phone instead of breaking the page. */
export function Table(props: { caption: string; head: readonly (string | { label: string; num: true })[]; children: ComponentChildren; empty?: string; rows: number }) {
  if (props.rows === 0) return <p class="muted">{props.empty ?? 'Nothing here yet.'}</p>;
  // A table wider than a phone scrolls inside its box: the box takes the keyboard's focus, named by its caption,
  // so it can be scrolled without a mouse (WCAG 2.1.1; axe's scrollable-region-focusable at 390 px). A group, not
  // a region: the section around a table is often a region of the same name, and landmarks must differ.
  return (
    <div class="table" tabIndex={0} role="group" aria-label={props.caption}>
      <table>
        <caption class="vh">{props.caption}</caption>
        <thead>
          <tr>
            {props.head.map((cell) => (typeof cell === 'string' ? <th scope="col">{cell}</th> : <th scope="col" class="num">{cell.label}</th>))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}

/** The submit of a list's filter form, in its own cell of the form's row. */
export function FilterButton() {
  return (
    <div>
      <button type="submit" class="secondary">
        Filter
      </button>
    </div>
  );
}

/** Previous / next links that keep the list's filters. */
export function Pager(props: { pagination: Pagination; base: string; query: Readonly<Record<string, string>> }) {
  const { page, pageSize, total_count: count } = props.pagination;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const link = (target: number) => `${props.base}?${new URLSearchParams({ ...props.query, page: String(target) })}`;
  return (
    <nav class="pager" aria-label="Pages">
      {page > 1 ? <a href={link(page - 1)}>Previous page</a> : null}
      <span>
        Page {page} of {pages} ({count} in all)
      </span>
      {props.pagination.has_next ? <a href={link(page + 1)}>Next page</a> : null}
    </nav>
  );
}

/** What every dashboard form posts besides its fields: the session's CSRF token, and the page to go back to on a refusal. */
export function FormTokens(props: { viewer: Viewer }) {
  return (
    <>
      <Hidden name="csrf" value={props.viewer.session.csrf} />
      <Hidden name="back" value={props.viewer.path} />
    </>
  );
}

/** A form of one button that posts to `action` with the session's CSRF token. */
/** The optional date of a void's form: its reversal's booking day, the original's own when left blank. */
export const VOID_DATE = { name: 'void_date', label: 'Void date (blank: its own date)' } as const;

/** A form of one button; `date` adds an optional date beside it (a void's date), labelled for each form on the page. */
export function ActionButton(props: { action: string; viewer: Viewer; label: string; danger?: boolean; fields?: Readonly<Record<string, string>>; date?: { readonly name: string; readonly label: string } }) {
  const dateId = props.date ? `${props.date.name}${props.action.replace(/[^a-z0-9]+/gi, '-')}` : undefined;
  return (
    <form method="post" action={props.action} class="inline">
      <FormTokens viewer={props.viewer} />
      {Object.entries(props.fields ?? {}).map(([name, value]) => (
        <Hidden name={name} value={value} />
      ))}
      {props.date ? (
        <span>
          <label for={dateId}>{props.date.label}</label> <input id={dateId} type="date" name={props.date.name} />{' '}
        </span>
      ) : null}
      <button type="submit" class={props.danger ? 'danger' : 'secondary'}>
        {props.label}
      </button>
    </form>
  );
}

/**
 * A void's button on a record's page, with the void's optional date beside it: it opens the void's confirmation (a
 * GET to `action`, which posts nothing), where the void is pressed.
 */
export function VoidButton(props: { action: string; label: string }) {
  const dateId = `${VOID_DATE.name}${props.action.replace(/[^a-z0-9]+/gi, '-')}`;
  return (
    <form method="get" action={props.action} class="inline">
      <span>
        <label for={dateId}>{VOID_DATE.label}</label> <input id={dateId} type="date" name={VOID_DATE.name} />{' '}
      </span>
      <button type="submit" class="danger">
        {props.label}
      </button>
    </form>
  );
}

export const when = (at: string | null) => (at ? `${at.slice(0, 10)} ${at.slice(11, 16)} UTC` : '—');

/** The button-like link to a record's new form, for a role that may create one. */
export function NewRecordLink(props: { href: string; label: string; shown: boolean }) {
  return props.shown ? (
    <p>
      <a class="button" href={props.href}>
        {props.label}
      </a>
    </p>
  ) : null;
}
