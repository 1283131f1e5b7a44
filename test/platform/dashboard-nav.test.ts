import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { NAV_GROUPS } from '../../shared/platform/web/frame.tsx';
import { noticeOf } from '../../shared/sales/pages/sides.ts';
import { allocatedRows, allocationsOf, amountOf, describeRefusal } from '../../shared/cash/pages/money-form-rules.ts';

describe('the dashboard navigation', () => {
  it('has at most six groups beside the business switcher, each page in one group', () => {
    expect(NAV_GROUPS.map((group) => group.label)).toEqual(['Sales', 'Purchases', 'Banking', 'Accounting', 'Reports', 'Settings']);
    const hrefs = NAV_GROUPS.flatMap((group) => group.entries.map((entry) => entry.href));
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect(hrefs).toContain('/dashboard/receipts/new');
  });

  it('shows a link only under the scope its page demands: each entry names the scope of its GET row', () => {
    for (const entry of NAV_GROUPS.flatMap((group) => group.entries)) {
      const row = routes.find((route) => route.method === 'GET' && route.path === entry.href);
      expect(row, entry.href).toBeDefined();
      expect(row!.auth).toBe('browser');
      expect(row!.scope, entry.href).toBe(entry.scope);
    }
  });

  it('serves every dashboard path with the browser kind and gives every dashboard form action a scope or a reason not to', () => {
    const dashboard = routes.filter((route) => route.path.startsWith('/dashboard'));
    expect(dashboard.length).toBeGreaterThan(30);
    for (const route of dashboard) expect(route.auth, route.id).toBe('browser');
    const unscoped = dashboard.filter((route) => route.scope === null).map((route) => route.id).sort();
    // A record's files: the use case asks for the scope of the record's feature, which the row cannot know before it reads the attachment (or the upload).
    expect(unscoped).toEqual(['dashboard.attachmentDelete', 'dashboard.attachmentDownload', 'dashboard.businesses', 'dashboard.openUpload', 'dashboard.pickBusiness', 'dashboard.signOut', 'dashboard.signOutEverywhere', 'dashboard.upload', 'settings.connectedApps', 'settings.revokeConnectedApp']);
  });
});

describe('the dashboard forms', () => {
  it('reads allocations row by row, leaving out the rows left empty, and keeps a non-number for the schema to refuse', () => {
    expect(allocationsOf(['a', 'b', 'c'], ['10.50', ' ', 'x1'])).toEqual([
      { document_id: 'a', amount: 10.5 },
      { document_id: 'c', amount: 'x1' },
    ]);
    expect(amountOf(' 7 ')).toBe(7);
    expect(amountOf('1e3')).toBe('1e3');
  });

  it('names a refused allocation by the document of its row, counting only the rows given an amount', () => {
    const rows = allocatedRows(['a', 'b', 'c'], ['', '5', '7']);
    expect(rows).toEqual(['b', 'c']);
    const numbers = new Map([['a', 'INV-1'], ['b', 'INV-2'], ['c', 'INV-3']]);
    const refusal = { description: 'x', details: [{ field: 'allocations[1].amount', message: 'exceeds the balance due of 3' }, { field: 'date', message: 'is required' }] };
    expect(describeRefusal(refusal, rows, numbers)).toBe('Amount for INV-3: exceeds the balance due of 3; date: Fill this in');
    expect(describeRefusal({ description: 'Conflict.', details: [] }, rows, numbers)).toBe('Conflict.');
  });

  it('shows only the notices it knows', () => {
    expect(noticeOf('voided')).toContain('Voided');
    expect(noticeOf('<script>')).toBeUndefined();
    expect(noticeOf('constructor')).toBeUndefined();
  });
});
