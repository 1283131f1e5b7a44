/**
 * The one-domain move (docs/layout.md): `git mv` each file by the rules below, then rewrite every relative import
 * against the new tree and every repository-root path written as a string (route entries, docs, tests). Kept in
 * the repository so the map the move followed can be read and re-run on a branch; run with --dry to list it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';

const S = (from, to) => [from, to];
// A rule's `from` ending in '/' moves a folder; otherwise one file. The longest `from` that matches wins.
export const RULES = [
  // platform: what has no business words
  S('shared/http/', 'shared/platform/http/'),
  S('shared/db/', 'shared/platform/db/'),
  S('shared/db/telemetry.ts', 'shared/platform/observability/telemetry.ts'),
  S('shared/db/outbox.ts', 'shared/platform/outbox/outbox.ts'),
  S('shared/db/projection.ts', 'shared/platform/outbox/projection.ts'),
  S('shared/db/sign-in-failures.ts', 'shared/access/users/sign-in-failures.ts'),
  S('shared/events/emit.ts', 'shared/platform/outbox/emit.ts'),
  S('shared/events/transports.ts', 'shared/platform/outbox/transports.ts'),
  S('shared/events/sqs-batch.ts', 'shared/platform/outbox/sqs-batch.ts'),
  S('shared/events/payloads.ts', 'events/payloads.ts'),
  S('shared/events/feed.ts', 'shared/webhooks/feed.ts'),
  S('shared/config.ts', 'shared/platform/config.ts'),
  S('shared/web/', 'shared/platform/web/'),
  S('shared/links/', 'shared/platform/links/'),
  S('shared/service/', 'shared/platform/service/'),
  S('shared/mail/compose.ts', 'shared/platform/mail/compose.ts'),
  S('shared/mail/transport.ts', 'shared/platform/mail/transport.ts'),
  S('shared/mail/local-mailbox.ts', 'shared/platform/mail/local-mailbox.ts'),
  S('shared/mail/quota.ts', 'shared/platform/mail/quota.ts'),
  S('shared/mail/schemas.ts', 'shared/sales/invoice-mail-schemas.ts'),
  S('shared/mail/invoice-mail.ts', 'shared/sales/invoice-mail.ts'),
  S('shared/mail/deliver-invoice-mail.ts', 'shared/sales/deliver-invoice-mail.ts'),
  S('shared/mail/deliver-invitation-mail.ts', 'shared/access/members/deliver-invitation-mail.ts'),
  ...['errors', 'fields', 'form', 'ids', 'money', 'dates', 'paging', 'hashing', 'bidi', 'plain-words'].map((name) => S(`shared/domain/${name}.ts`, `shared/platform/core/${name}.ts`)),
  ...['quota-lease', 'rate-limits'].map((name) => S(`shared/domain/${name}.ts`, `shared/platform/limits/${name}.ts`)),
  S('shared/domain/mail-quota.ts', 'shared/platform/mail/mail-quota.ts'),
  S('shared/domain/mail-html.ts', 'shared/platform/mail/mail-html.ts'),
  ...['rank-tree', 'series-queue', 'conflict-retry'].map((name) => S(`shared/domain/${name}.ts`, `shared/platform/db/${name}.ts`)),
  S('shared/domain/metric-names.ts', 'shared/platform/observability/metric-names.ts'),
  S('shared/domain/link-base.ts', 'shared/platform/links/link-base.ts'),
  // ledger: the kernel, with the document engine every sales and purchase type posts through
  S('shared/journals/journals.ts', 'shared/ledger/journals.ts'),
  S('shared/journals/schemas.ts', 'shared/ledger/journal-schemas.ts'),
  S('shared/domain/chart.ts', 'shared/ledger/chart-rules.ts'),
  S('shared/domain/journals.ts', 'shared/ledger/journal-rules.ts'),
  S('shared/domain/ledger.ts', 'shared/ledger/ledger-rules.ts'),
  S('shared/domain/period-totals.ts', 'shared/ledger/period-totals-rules.ts'),
  ...['dated-segments', 'exchange', 'home-amounts', 'lock-date', 'report-periods', 'totals', 'trial-balance'].map((name) => S(`shared/domain/${name}.ts`, `shared/ledger/${name}.ts`)),
  S('shared/domain/documents.ts', 'shared/ledger/documents/specs.ts'),
  ...['documents', 'open-documents', 'records', 'schemas', 'status-projection'].map((name) => S(`shared/documents/${name}.ts`, `shared/ledger/documents/${name}.ts`)),
  // sales
  ...['document-pdf.ts', 'pdf.ts', 'public-invoice.ts', 'public-links.ts', 'public-page.tsx'].map((name) => S(`shared/documents/${name}`, `shared/sales/${name}`)),
  S('shared/domain/document-sheet.ts', 'shared/sales/document-sheet.ts'),
  S('shared/domain/invoice-mail.ts', 'shared/sales/invoice-mail-rules.ts'),
  S('shared/domain/recurrence.ts', 'shared/sales/recurring/recurrence.ts'),
  S('shared/domain/reminders.ts', 'shared/sales/reminders/reminder-rules.ts'),
  S('shared/recurring/', 'shared/sales/recurring/'),
  S('shared/reminders/', 'shared/sales/reminders/'),
  // cash: receipts, payments and what settles documents
  S('shared/money/money.ts', 'shared/cash/cash.ts'),
  S('shared/money/', 'shared/cash/'),
  S('shared/documents/credit-allocations.ts', 'shared/cash/credit-allocations.ts'),
  ...['allocations', 'settlement', 'settlement-refs', 'cash-accounts'].map((name) => S(`shared/domain/${name}.ts`, `shared/cash/${name}.ts`)),
  // banking
  S('shared/domain/bank-reconciliation.ts', 'shared/banking/bank-reconciliation.ts'),
  S('shared/domain/bank-rules.ts', 'shared/banking/bank-rules.ts'),
  // access
  S('shared/businesses/', 'shared/access/businesses/'),
  S('shared/members/', 'shared/access/members/'),
  S('shared/keys/', 'shared/access/keys/'),
  S('shared/oauth/', 'shared/access/oauth/'),
  S('shared/users/', 'shared/access/users/'),
  S('shared/domain/members.ts', 'shared/access/members/member-rules.ts'),
  S('shared/domain/scopes.ts', 'shared/platform/http/scopes.ts'),
  S('shared/domain/delegation.ts', 'shared/access/oauth/delegation.ts'),
  S('shared/domain/sign-in-throttle.ts', 'shared/access/users/sign-in-throttle.ts'),
  // webhooks and the events feed
  ...['event-feed', 'event-scopes', 'webhook-schedule', 'circuit-breaker'].map((name) => S(`shared/domain/${name}.ts`, `shared/webhooks/${name}.ts`)),
  // reports: what reads more than the ledger
  S('shared/documents/aged-reports.ts', 'shared/reports/aged-reports.ts'),
  S('shared/ledger/reports.ts', 'shared/reports/reports.ts'),
  S('shared/ledger/unrealized-fx.ts', 'shared/reports/unrealized-fx.ts'),
  S('shared/domain/statements.ts', 'shared/reports/statements.ts'),
  // the dashboard's views: the page kit to the platform, each screen to its domain
  ...['frame', 'parts', 'record-form', 'form-entry', 'lines-table'].map((name) => S(`shared/dashboard/views/${name}.tsx`, `shared/platform/web/${name}.tsx`)),
  ...['record-form', 'charts', 'sides'].map((name) => S(`shared/dashboard/${name}.ts`, `shared/platform/web/${name === 'record-form' ? 'record-form-rules' : name}.ts`)),
  S('shared/dashboard/viewer.ts', 'shared/platform/web/viewer.ts'),
  S('shared/dashboard/views/bank-rules.tsx', 'shared/banking/pages/bank-rules.tsx'),
  S('shared/dashboard/views/banking.tsx', 'shared/banking/pages/banking.tsx'),
  S('shared/dashboard/bank-rule-form.ts', 'shared/banking/pages/bank-rule-form.ts'),
  ...['businesses', 'members', 'settings', 'outbox'].map((name) => S(`shared/dashboard/views/${name}.tsx`, `shared/access/pages/${name}.tsx`)),
  S('shared/dashboard/views/catalogue.tsx', 'shared/items/pages/catalogue.tsx'),
  S('shared/dashboard/views/parties.tsx', 'shared/parties/pages/parties.tsx'),
  S('shared/dashboard/record-specs.ts', 'shared/parties/pages/record-specs.ts'),
  ...['document-editor', 'documents', 'invoice-actions', 'sales-documents', 'recurring'].map((name) => S(`shared/dashboard/views/${name}.tsx`, `shared/sales/pages/${name}.tsx`)),
  ...['document-editor', 'documents', 'editor-choices', 'sales-documents'].map((name) => S(`shared/dashboard/${name}.ts`, `shared/sales/pages/${name}-rules.ts`)),
  S('shared/dashboard/views/exchange-rates.tsx', 'shared/ledger/pages/exchange-rates.tsx'),
  S('shared/dashboard/views/journals.tsx', 'shared/ledger/pages/journals.tsx'),
  S('shared/dashboard/journal-editor.ts', 'shared/ledger/pages/journal-editor.ts'),
  S('shared/dashboard/views/money-form.tsx', 'shared/cash/pages/money-form.tsx'),
  S('shared/dashboard/money-form.ts', 'shared/cash/pages/money-form-rules.ts'),
  S('shared/dashboard/views/overview.tsx', 'shared/reports/pages/overview.tsx'),
  S('shared/dashboard/views/reports.tsx', 'shared/reports/pages/reports.tsx'),
  S('shared/dashboard/overview.ts', 'shared/reports/pages/overview-figures.ts'),
  S('shared/dashboard/reports.ts', 'shared/reports/pages/report-figures.ts'),
  S('shared/dashboard/report-tables.ts', 'shared/reports/pages/report-tables.ts'),
  // functions: each domain's API rows and handlers, its pages and its workers
  ...['api-keys', 'business', 'invitations', 'members', 'oauth'].map((name) => S(`functions/http/${name}/`, `functions/access/${name}/`)),
  ...['bank-accounts', 'payout-rails', 'rails'].map((name) => S(`functions/http/${name}/`, `functions/banking/${name}/`)),
  ...['bills', 'expenses', 'purchase-orders'].map((name) => S(`functions/http/${name}/`, `functions/purchases/${name}/`)),
  ...['invoices', 'estimates', 'sales-orders', 'credit-notes', 'debit-notes', 'cash-sales', 'recurring-invoices', 'reminders', 'public-invoices'].map((name) => S(`functions/http/${name}/`, `functions/sales/${name}/`)),
  ...['credit-allocations', 'payments', 'receipts'].map((name) => S(`functions/http/${name}/`, `functions/cash/${name}/`)),
  ...['customers', 'vendors'].map((name) => S(`functions/http/${name}/`, `functions/parties/${name}/`)),
  S('functions/http/items/', 'functions/items/items/'),
  ...['journals', 'ledger', 'exchange-rates'].map((name) => S(`functions/http/${name}/`, `functions/ledger/${name}/`)),
  ...['events', 'webhook-endpoints', 'webhooks'].map((name) => S(`functions/http/${name}/`, `functions/webhooks/${name}/`)),
  ...['index', 'fallback', 'web'].map((name) => S(`functions/http/${name}/`, `functions/platform/${name}/`)),
  S('functions/http/dashboard-banking/', 'functions/banking/pages/'),
  S('functions/http/dashboard-settings/', 'functions/access/pages/'),
  S('functions/http/dashboard/', 'functions/dashboard/'),
  S('functions/banking/import-chunk.ts', 'functions/banking/workers/import-chunk.ts'),
  S('functions/mail/send.ts', 'functions/platform/mail/send.ts'),
  S('functions/oauth/rotate-keys.ts', 'functions/access/workers/rotate-keys.ts'),
  S('functions/reminders/', 'functions/sales/reminders-schedule/'),
  S('functions/streams/', 'functions/platform/streams/'),
  S('functions/webhooks/deliver.ts', 'functions/webhooks/workers/deliver.ts'),
  S('functions/webhooks/fanout.ts', 'functions/webhooks/workers/fanout.ts'),
];

// Step 2: what the first step left importing a domain from the platform goes where its words belong (the handler
// kinds that authenticate to access, a rail's to banking), and what had no business words comes down to it.
export const RULES_2 = [
  S('shared/platform/http/scopes.ts', 'shared/platform/http/scopes.ts'),
  S('shared/platform/web/viewer.ts', 'shared/platform/web/viewer.ts'),
  ...['authenticate', 'define-client', 'define-dashboard', 'define-handler', 'define-page'].map((name) => S(`shared/platform/http/${name}.ts`, `shared/access/http/${name}.ts`)),
  S('shared/banking/http/define-rail.ts', 'shared/banking/http/define-rail.ts'),
  S('shared/sales/invoice-mail-schemas.ts', 'shared/sales/invoice-mail-schemas.ts'),
  S('shared/sales/pages/lines-table.tsx', 'shared/sales/pages/lines-table.tsx'),
  S('shared/sales/pages/sides.ts', 'shared/sales/pages/sides.ts'),
  S('shared/platform/outbox/event-feed.ts', 'shared/platform/outbox/event-feed.ts'),
  S('shared/platform/db/dated-segments.ts', 'shared/platform/db/dated-segments.ts'),
];

// Step 3: tests mirror the layout. A domain's unit tests keep their name in test/<domain>/; its tests through the
// local runtime end in .integration.test.ts beside them. Cross-domain suites and their support stay in test/integration.
const UNIT_TESTS = {
  platform: ['bidi', 'boundary', 'conflict-retry', 'cpu-share', 'dated-segments', 'dashboard-nav', 'facet-keys', 'ids', 'layers', 'link-base', 'local-mailbox', 'log-line', 'mail-quota', 'money-limits', 'money', 'multipart', 'openapi', 'page-headers', 'paging', 'plain-words', 'quota-lease', 'rank-tree', 'rate-limits', 'readme-paths', 'record-form', 'round-trip-chain', 'route-match', 'routes', 'sdk', 'series-queue', 'stream-reader', 'telemetry', 'validate', 'wire-records-protocol', 'write-transaction'],
  ledger: ['exchange', 'period-totals', 'posting-path', 'posting-rules', 'status-projection', 'void-date'],
  sales: ['document-sheet', 'invoice-mail', 'recurrence', 'reminders'],
  cash: ['allocations', 'settlement-refs'],
  banking: ['bank-reconciliation', 'bank-rule-form', 'bank-rules', 'statement-import'],
  access: ['credential-cache', 'jwt', 'members', 'passwords', 'security'],
  webhooks: ['event-scopes', 'fair-queue', 'http-client', 'webhooks'],
  reports: ['reports', 'statements'],
};
const INTEGRATION_TESTS = {
  ledger: ['books', 'home-currency', 'ledger-rebuild', 'status-projection', 'voids'],
  sales: ['dashboard-editor', 'dashboard-sales-documents', 'document-pdf', 'documents', 'invoice-mail', 'public-invoice', 'recurring-invoices', 'reminders'],
  cash: ['money', 'money-faults'],
  banking: ['banking', 'dashboard-banking', 'reconciliation'],
  parties: ['dashboard-records'],
  access: ['dashboard-settings', 'delegation', 'members', 'oauth', 'oauth-walkthrough', 'openid-client', 'sessions', 'sign-in'],
  webhooks: ['catalogue', 'event-payloads', 'events-feed', 'fanout-batch', 'pipeline-faults', 'webhook-isolation', 'webhooks'],
  reports: ['dashboard-reports', 'read-side-edges', 'reports'],
};
export const RULES_3 = [
  ...Object.entries(UNIT_TESTS).flatMap(([domain, names]) => names.map((name) => S(`test/unit/${name}.test.ts`, `test/${domain}/${name}.test.ts`))),
  ...Object.entries(INTEGRATION_TESTS).flatMap(([domain, names]) => names.map((name) => S(`test/integration/${name}.test.ts`, `test/${domain}/${name}.integration.test.ts`))),
];

// Step 4: the ledger at the bottom. A document's settlement rules and the cash-flow account rule are the ledger's
// (its document records and posting apply them); the rebuild, which replays every domain's records, and its
// replays move above every domain, to the ledger's entry points; the document use cases, which read the parties
// and items, become the documents domain above the ledger, parties and items.
export const RULES_4 = [
  S('shared/ledger/documents/settlement.ts', 'shared/ledger/documents/settlement.ts'),
  S('shared/ledger/documents/settlement-refs.ts', 'shared/ledger/documents/settlement-refs.ts'),
  S('shared/ledger/cash-account-rules.ts', 'shared/ledger/cash-account-rules.ts'),
  S('test/ledger/settlement-refs.test.ts', 'test/ledger/settlement-refs.test.ts'),
  S('functions/ledger/rebuild/rebuild.ts', 'functions/ledger/rebuild/rebuild.ts'),
  S('functions/ledger/rebuild/tax-history.ts', 'functions/ledger/rebuild/tax-history.ts'),
  S('functions/ledger/rebuild/relief-history.ts', 'functions/ledger/rebuild/relief-history.ts'),
  S('functions/ledger/rebuild/cash-basis-history.ts', 'functions/ledger/rebuild/cash-basis-history.ts'),
  S('functions/ledger/rebuild/home-currency-migration.ts', 'functions/ledger/rebuild/home-currency-migration.ts'),
  ...['documents', 'drafts', 'conversions'].map((name) => S(`shared/ledger/documents/${name}.ts`, `shared/documents/${name}.ts`)),
];

const STEPS = { 1: RULES, 2: RULES_2, 3: RULES_3, 4: RULES_4 };

export function destinationOf(path, rules = RULES) {
  let best = null;
  for (const [from, to] of rules) {
    const hit = from.endsWith('/') ? path.startsWith(from) : path === from;
    if (hit && (!best || from.length > best[0].length)) best = [from, to];
  }
  if (!best) return path;
  return best[0].endsWith('/') ? best[1] + path.slice(best[0].length) : best[1];
}

const CODE = /\.(ts|tsx|mjs|js|cjs)$/;
const TEXT = /\.(ts|tsx|mjs|js|cjs|md|json|yml|yaml|sh)$|^\.ci\/run$/;
const SPECIFIER = /((?:from|import)\s*\(?\s*|vi\.mock\(\s*|require\(\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;
const ROOT_PATH = /(?<![\w./-])((?:shared|functions|test|events|infra)\/[\w./-]+\.(?:tsx?|mjs))/g;

if (import.meta.url === `file://${process.argv[1]}`) {
  const dry = process.argv.includes('--dry');
  const rules = STEPS[process.argv.find((arg) => /^\d+$/.test(arg)) ?? '1'];
  const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const moves = new Map(files.map((file) => [file, destinationOf(file, rules)]).filter(([from, to]) => from !== to));
  const targets = new Set();
  for (const to of [...files.filter((file) => !moves.has(file)), ...moves.values()]) {
    if (targets.has(to)) throw new Error(`two files would land at ${to}`);
    targets.add(to);
  }
  const fresh = (old) => moves.get(old) ?? old;
  const rewritten = new Map();
  for (const file of files.filter((name) => TEXT.test(name))) {
    const before = readFileSync(file, 'utf8');
    let text = before;
    if (CODE.test(file)) {
      text = text.replace(SPECIFIER, (whole, lead, quote, spec) => {
        const target = posix.normalize(posix.join(posix.dirname(file), spec));
        let relative = posix.relative(posix.dirname(fresh(file)), fresh(target));
        if (!relative.startsWith('.')) relative = `./${relative}`;
        return `${lead}${quote}${relative}${quote}`;
      });
    }
    text = text.replace(ROOT_PATH, (path) => fresh(path));
    if (text !== before) rewritten.set(file, text);
  }
  if (dry) {
    for (const [from, to] of moves) console.log(`${from} -> ${to}`);
    console.log(`${moves.size} moves, ${rewritten.size} files rewritten`);
  } else {
    for (const [from, to] of moves) {
      mkdirSync(posix.dirname(to), { recursive: true });
      execFileSync('git', ['mv', from, to]);
    }
    for (const [file, text] of rewritten) writeFileSync(fresh(file), text);
    console.log(`${moves.size} moves, ${rewritten.size} files rewritten`);
  }
}
