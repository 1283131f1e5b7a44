import type { ComponentChildren } from 'preact';
import type { Scope } from '../http/scopes.ts';
import { Document } from './layout.tsx';
import type { Viewer } from './viewer.ts';
import { FormTokens } from './parts.tsx';

export interface NavEntry {
  readonly label: string;
  readonly href: string;
  /** What the viewer's role must grant for the link to show; the page's own route refuses the same. */
  readonly scope: Scope | null;
  /** A page of the local runtime only. */
  readonly localOnly?: true;
}

/** A group of the main navigation: its pages, shown in a second navigation while one of them is open. */
export interface NavGroup {
  readonly label: string;
  readonly entries: readonly NavEntry[];
}

/**
 * The main navigation: six groups, the way a business owner looks for things (the business switcher in the header
 * is the seventh). Every link works without JavaScript: a group's link opens its first page the role allows, and
 * inside a group its pages are listed under it. The overview is the brand's link.
 */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    label: 'Sales',
    entries: [
      { label: 'Invoices', href: '/dashboard/invoices', scope: 'sales_invoices:read' },
      { label: 'Record receipt', href: '/dashboard/receipts/new', scope: 'sales_receipts:create' },
      { label: 'Customers', href: '/dashboard/customers', scope: 'sales_customers:read' },
      { label: 'Recurring', href: '/dashboard/recurring-invoices', scope: 'sales_invoices:read' },
      { label: 'Credit notes', href: '/dashboard/credit-notes', scope: 'sales_documents:read' },
      { label: 'Prepayments', href: '/dashboard/prepayments', scope: 'sales_receipts:read' },
      { label: 'Refunds', href: '/dashboard/refunds', scope: 'sales_receipts:read' },
      { label: 'Estimates', href: '/dashboard/estimates', scope: 'sales_documents:read' },
      { label: 'Sales orders', href: '/dashboard/sales-orders', scope: 'sales_documents:read' },
      { label: 'Items', href: '/dashboard/items', scope: 'inventory_items:read' },
      { label: 'Outbox', href: '/dashboard/outbox', scope: 'sales_invoices:read', localOnly: true },
    ],
  },
  {
    label: 'Purchases',
    entries: [
      { label: 'Bills', href: '/dashboard/bills', scope: 'purchases_bills:read' },
      { label: 'Purchase orders', href: '/dashboard/purchase-orders', scope: 'purchases_documents:read' },
      { label: 'Vendor credits', href: '/dashboard/vendor-credits', scope: 'purchases_bills:read' },
      { label: 'Prepayments', href: '/dashboard/vendor-prepayments', scope: 'purchases_payments:read' },
      { label: 'Refunds', href: '/dashboard/vendor-refunds', scope: 'purchases_payments:read' },
      { label: 'Record payment', href: '/dashboard/payments/new', scope: 'purchases_payments:create' },
      { label: 'Vendors', href: '/dashboard/vendors', scope: 'purchases_vendors:read' },
    ],
  },
  { label: 'Banking', entries: [{ label: 'Banking', href: '/dashboard/banking', scope: 'finance_banking:read' }] },
  {
    label: 'Accounting',
    entries: [
      { label: 'Accounts', href: '/dashboard/accounts', scope: 'finance_ledger:read' },
      { label: 'Journals', href: '/dashboard/journals', scope: 'finance_ledger:read' },
    ],
  },
  { label: 'Reports', entries: [{ label: 'Reports', href: '/dashboard/reports', scope: 'finance_ledger:read' }] },
  {
    label: 'Settings',
    entries: [
      { label: 'Business', href: '/dashboard/settings/business', scope: 'settings_business:manage' },
      { label: 'Lock date', href: '/dashboard/settings/lock-date', scope: 'finance_ledger:update' },
      { label: 'Exchange rates', href: '/dashboard/settings/exchange-rates', scope: 'finance_ledger:read' },
      { label: 'Tax rates', href: '/dashboard/settings/tax-rates', scope: 'finance_ledger:read' },
      { label: 'Tracking', href: '/dashboard/settings/tracking', scope: 'finance_ledger:read' },
      { label: 'Webhooks', href: '/dashboard/settings/webhooks', scope: 'settings_webhooks:manage' },
      { label: 'API keys', href: '/dashboard/settings/api-keys', scope: 'settings_api_keys:manage' },
      { label: 'Connected apps', href: '/dashboard/settings/connected-apps', scope: null },
      { label: 'Payout rails', href: '/dashboard/settings/payout-rails', scope: 'settings_webhooks:manage' },
      { label: 'Reminders', href: '/dashboard/settings/reminders', scope: 'settings_reminders:manage' },
      { label: 'Members', href: '/dashboard/settings/members', scope: 'settings_business:manage' },
      { label: 'Audit log', href: '/dashboard/settings/audit-log', scope: 'audit:read' },
    ],
  },
];

export const allowed = (viewer: Viewer, entries: readonly NavEntry[]) => entries.filter((entry) => (entry.scope === null || viewer.scopes.has(entry.scope)) && (!entry.localOnly || viewer.local));

const pathOnly = (path: string) => path.split('?')[0] ?? path;

/**
 * The link of the section a path is in: the longest href that starts it (the overview only as itself), and a
 * `…/new` form also for the path it posts to.
 */
function currentHref(path: string, entries: readonly NavEntry[]): string | undefined {
  const here = pathOnly(path);
  const within = (href: string) => here === href || (href !== '/dashboard' && here.startsWith(`${href}/`)) || (href.endsWith('/new') && here === href.slice(0, -'/new'.length));
  return entries
    .filter((entry) => within(entry.href))
    .map((entry) => entry.href)
    .sort((a, b) => b.length - a.length)[0];
}

function Nav(props: { label: string; entries: readonly NavEntry[]; path: string; class: string }) {
  const current = currentHref(props.path, props.entries);
  return (
    <nav class={props.class} aria-label={props.label}>
      {props.entries.map((entry) => (
        <a href={entry.href} aria-current={entry.href === current ? 'page' : undefined}>
          {entry.label}
        </a>
      ))}
    </nav>
  );
}

export function Notice(props: { message: string | undefined }) {
  return props.message ? (
    <p class="notice" role="status">
      {props.message}
    </p>
  ) : null;
}

/** Every dashboard page: the header (business picker, sign out), the sections the role allows, the page. */
export function Frame(props: { viewer: Viewer; title: string; notice?: string | undefined; children: ComponentChildren }) {
  const { viewer } = props;
  const groups = NAV_GROUPS.map((group) => ({ label: group.label, entries: allowed(viewer, group.entries) })).filter((group) => group.entries.length > 0);
  const open = groups.find((group) => currentHref(viewer.path, group.entries) !== undefined);
  // A group's link opens its first page, or stays where the viewer is while inside it (so it reads as current).
  const main = groups.map((group) => ({ label: group.label, href: group === open ? pathOnly(viewer.path) : group.entries[0]!.href, scope: null }));
  return (
    <Document title={`${props.title} · ${viewer.business.name}`}>
      <a class="skip" href="#content">
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href="/dashboard">
          Ledger
        </a>
        <span class="business">
          {viewer.business.name} ({viewer.business.role})
        </span>
        {viewer.businessCount > 1 ? <a href="/dashboard/businesses">Switch business</a> : null}
        {/* Who is signed in and the ways out, folded into one control so a phone's header stays one line; <details> opens without JavaScript. */}
        <details class="account">
          <summary>Account</summary>
          <div class="menu">
            <span>{viewer.session.user.email}</span>
            <form method="post" action="/dashboard/sign-out">
              <FormTokens viewer={viewer} />
              <button type="submit" class="secondary">
                Sign out
              </button>
            </form>
            <form method="post" action="/dashboard/sign-out-everywhere">
              <FormTokens viewer={viewer} />
              <button type="submit" class="secondary">
                Sign out everywhere
              </button>
            </form>
          </div>
        </details>
      </header>
      <Nav label="Sections" entries={main} path={viewer.path} class="main" />
      {open && open.entries.length > 1 ? <Nav label={open.label} entries={open.entries} path={viewer.path} class="main" /> : null}
      <main id="content">
        <h1>{props.title}</h1>
        <Notice message={props.notice} />
        {props.children}
      </main>
    </Document>
  );
}
