import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { bundleOf, type Bundle } from './bundle.ts';

const KB = 1024;
// A handler's feature: `functions/<domain>/<feature>/` (a domain's pages are its `functions/<domain>/pages/`).
const featureFolder = (path: string) => /^functions\/((?:[^/]+\/)?[^/]+)\/[^/]+\.ts$/.exec(path)?.[1] ?? null;
// These two read the whole table by design: the OpenAPI description of every route, and the catch-all's 404/405.
const WHOLE_TABLE = new Set(['openapi.get', 'fallback']);

describe('each Lambda bundles only its own route', () => {
  const bundles = new Map<string, Bundle>();
  const bundle = async (route: (typeof routes)[number]) => {
    if (!bundles.has(route.id)) bundles.set(route.id, await bundleOf(route.entry));
    return bundles.get(route.id)!;
  };

  it.each(routes.filter((route) => !WHOLE_TABLE.has(route.id)).map((route) => [route.id, route] as const))('%s holds no other feature’s rows, schemas or handlers, and not the route table', async (_id, route) => {
    const { modules } = await bundle(route);
    const own = featureFolder(route.entry);
    const foreign = modules.filter((path) => path === 'functions/routes.ts' || (featureFolder(path) !== null && featureFolder(path) !== own));
    expect(foreign).toEqual([]);
    expect(own, route.entry).not.toBeNull();
  });

  it('keeps the public index within 40 KB and the customers and vendors handlers within 79 KB (minified), their GET within 88 KB', async () => {
    const index = await bundle(routes.find((route) => route.id === 'index.get')!);
    expect(index.bytes).toBeLessThanOrEqual(40 * KB);
    for (const route of routes.filter((candidate) => candidate.id.startsWith('customers.') || candidate.id.startsWith('vendors.'))) {
      // 70 KB until the audit trail (issue 47): every route names its actor (about 0.5 KB) and a party's writes
      // carry the audit writer and its field diff (about 2.5 KB more). A party's GET reads its unapplied credit
      // from the open credit documents (issue 49), so it carries the documents' records: 84.6 KB, still under a
      // receipt's GET (90 KB) and an invoice's (95 KB). 76 KB until e-invoices (issue 51): a party's address and
      // electronic address are checked against the ISO country list and the EAS scheme list (77.8 KB measured).
      expect((await bundle(route)).bytes, route.id).toBeLessThanOrEqual((route.id.endsWith('.get') ? 88 : 79) * KB);
    }
  });

  it('loads the Secrets Manager client only where signing keys are read, never at a bearer route’s cold start', async () => {
    const { metafile } = await bundle(routes.find((route) => route.id === 'customers.get')!);
    const output = Object.values(metafile.outputs)[0]!;
    expect(output.imports.filter((item) => item.path.includes('client-secrets-manager') && item.kind === 'import-statement')).toEqual([]);
  });

  it('carries the PDF renderer only in the PDF routes (and the mail worker): queueing an e-mail or posting a recurring invoice draws nothing', async () => {
    const drawing = (modules: readonly string[]) => modules.filter((path) => path.includes('node_modules/pdfkit') || path === 'shared/sales/pdf.ts');
    for (const id of ['invoices.send', 'recurringInvoices.create', 'recurringInvoices.update', 'invoices.create']) {
      expect(drawing((await bundle(routes.find((route) => route.id === id)!)).modules), id).toEqual([]);
    }
    expect(drawing((await bundle(routes.find((route) => route.id === 'invoices.pdf')!)).modules)).not.toEqual([]);
    expect(drawing((await bundleOf('functions/platform/mail/send.ts')).modules)).not.toEqual([]);
  });

  it('carries the e-invoice writers only where an e-invoice is written (its routes, the Factur-X PDF, the mail worker); an invoice send only checks one; no other route carries either', async () => {
    const writing = (modules: readonly string[]) => modules.filter((path) => path === 'shared/einvoicing/ubl.ts' || path === 'shared/einvoicing/cii.ts' || path === 'shared/einvoicing/xml-tree.ts');
    // A feature's handlers each carry its rows, and so every row's contract: the e-invoice query's schema is one.
    const checking = (modules: readonly string[]) => modules.filter((path) => path.startsWith('shared/einvoicing/') && path !== 'shared/einvoicing/schemas.ts');
    const writers = new Set(['invoices.eInvoice', 'creditNotes.eInvoice', 'invoices.pdf', 'dashboard.invoiceEInvoice', 'dashboard.creditNoteEInvoice']);
    for (const id of writers) expect(writing((await bundle(routes.find((route) => route.id === id)!)).modules), id).not.toEqual([]);
    expect(writing((await bundleOf('functions/platform/mail/send.ts')).modules)).not.toEqual([]);
    const send = (await bundle(routes.find((route) => route.id === 'invoices.send')!)).modules;
    expect([writing(send), checking(send).length > 0]).toEqual([[], true]);
    for (const id of ['invoices.create', 'invoices.get', 'creditNotes.pdf', 'customers.create', 'bills.create', 'dashboard.invoice', 'publicInvoices.pdf']) {
      expect(checking((await bundle(routes.find((route) => route.id === id)!)).modules), id).toEqual([]);
    }
  });
});
