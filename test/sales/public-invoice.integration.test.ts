import { describe, expect, it } from 'vitest';
import { pdfText } from '../integration/pdf-text.ts';
import { businessB, call, freshBusiness, runtime, useRuntimeTable, postingAs } from '../integration/support.ts';

async function world() {
  const business = await freshBusiness();
  const post = postingAs(business.key);
  await call('PATCH', '/api/v1/business', { key: business.key, body: { payment_instructions: 'Pay by transfer to IBAN GB00 TEST 0000 0000', tax_number: 'GB555' } });
  const customer = (await post('/api/v1/customers', { name: 'Grace Hopper & Co' })).id;
  const invoice = await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-05', due_date: '2026-12-05', lines: [{ description: 'Compiler <review>', quantity: 1, unit_price: 640 }] });
  const link = async (id = invoice.id, key = business.key) => call('GET', `/api/v1/invoices/${id}/link`, { key });
  return { business, post, customer, invoice, link };
}

const open = async (url: string) => {
  const response = await fetch(url.replace(/^https?:\/\/[^/]+/, runtime.baseUrl));
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
};

describe('the public invoice page', () => {
  it('the link is the same on every call; the page shows the invoice, its status and balance due, how to pay and its PDF, with noindex and no caching', async () => {
    const w = await world();
    const first = await w.link();
    expect(first.status, first.text).toBe(200);
    const url = first.body.data.url as string;
    expect(url).toMatch(/\/i\/[A-Za-z0-9_-]{43}$/);
    expect((await w.link()).body.data.url).toBe(url);

    const page = await open(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = page.body.toString('utf8');
    for (const expected of [w.invoice.no, 'Status: <strong>Open</strong>', 'Balance due USD', '640.00', 'Grace Hopper &amp; Co', 'Compiler &lt;review>', 'Pay by transfer to IBAN GB00 TEST 0000 0000', `href="${url}/pdf"`]) expect(html, expected).toContain(expected);

    const pdf = await open(`${url}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('x-robots-tag')).toBe('noindex');
    const text = pdfText(pdf.body);
    expect(text).toContain(w.invoice.no);
    expect(text).toContain(url.replace(/^https?:\/\/[^/]+/, '').slice(0, 20));
    // The invoice's own PDF, fetched with a key, carries the same link.
    const owned = await fetch(`${runtime.baseUrl}/api/v1/invoices/${w.invoice.id}/pdf`, { headers: { authorization: `Bearer ${w.business.key}` } });
    expect(pdfText(Buffer.from(await owned.arrayBuffer()))).toContain(`/i/${url.split('/i/')[1]!.slice(0, 20)}`);
  });

  it("a forged, malformed or unpublished token is 404; a link is only for the business's own invoices; a voided invoice's page says it is void", async () => {
    const w = await world();
    const url = (await w.link()).body.data.url as string;
    const token = url.split('/i/')[1]!;
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    // Forged at its first character too: a check of only the token's tail would open it.
    const forgedHead = `${token.startsWith('A') ? 'B' : 'A'}${token.slice(1)}`;
    for (const path of [`/i/${forged}`, `/i/${forgedHead}`, '/i/short', `/i/${'A'.repeat(43)}`, `/i/${forged}/pdf`, `/i/${forgedHead}/pdf`]) expect((await open(`${runtime.baseUrl}${path}`)).status, path).toBe(404);
    // Another business's key cannot publish this invoice; a credit note is not an invoice.
    expect((await w.link(w.invoice.id, businessB.api_key)).status).toBe(404);
    const note = await w.post('/api/v1/credit-notes', { customer_id: w.customer, date: '2026-11-05', lines: [{ description: 'x', quantity: 1, unit_price: 1 }] });
    expect((await w.link(note.id)).status).toBe(404);
    // Tokens are per business and invoice: another business's invoice has its own.
    const other = await world();
    expect((await other.link()).body.data.url).not.toBe(url);

    expect((await call('POST', `/api/v1/invoices/${w.invoice.id}/void`, { key: w.business.key })).status).toBe(200);
    const page = (await open(url)).body.toString('utf8');
    expect(page).toContain('This invoice is void');
    expect(page).toContain('Status: <strong>Voided</strong>');
    expect(page).not.toContain('Pay by transfer');
  });

  it("is limited per client address, never against the business's quota: past the minute's limit, 429 with Retry-After", async () => {
    // Counted in-process for an address of its own (203.0.113.0/24 is for documentation), so the suite's other
    // public requests, all from 127.0.0.1, keep their minute.
    useRuntimeTable();
    const { countPublicRequest } = await import('../../shared/sales/public-links.ts');
    const { RateLimited } = await import('../../shared/platform/core/errors.ts');
    const address = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const minuteStart = Math.floor(Date.now() / 60_000) * 60_000 + 1_000;
    for (let request = 0; request < 120; request++) await countPublicRequest(address, minuteStart);
    const refused = await countPublicRequest(address, minuteStart).then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimited);
    expect((refused as InstanceType<typeof RateLimited>).retryAfterSeconds).toBe(59);
    // The next minute starts afresh; another address was never counted.
    await countPublicRequest(address, minuteStart + 60_000);
    await countPublicRequest(`${address}0`, minuteStart);
    // The business's own quota is untouched by its customers' page views: a page view moves no business counter.
    const w = await world();
    const url = (await w.link()).body.data.url as string;
    const before = (await call('GET', '/api/v1/customers', { key: w.business.key })).headers.get('ratelimit');
    await open(url);
    await open(url);
    const after = (await call('GET', '/api/v1/customers', { key: w.business.key })).headers.get('ratelimit');
    const remaining = (header: string | null) => Number(/r=(\d+)/.exec(header ?? '')?.[1]);
    // One API call between the two reads (at most: a new minute may start between them); two page views would make it three.
    expect(remaining(before) - remaining(after)).toBeLessThanOrEqual(1);
  });
});
