import { describe, expect, it } from 'vitest';
import { formFields, memberBrowser, type CookieBrowser } from '../integration/oauth-flow.ts';
import { call, freshBusiness, postingAs, runtime } from '../integration/support.ts';
import { bytes, SAMPLES } from './samples.ts';

/** A business with an invoice, and its owner signed in to the dashboard. */
async function invoiceWorld() {
  const business = await freshBusiness({ currency: 'USD' });
  const customer = (await postingAs(business.key)('/api/v1/customers', { name: 'Ada Lovelace Ltd' })).id as string;
  const invoice = (await postingAs(business.key)('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-10', lines: [{ description: 'Work', quantity: 1, unit_price: 100 }] })).id as string;
  const owner = await memberBrowser(business.id, 'owner');
  return { business, invoice, owner, page: `/dashboard/invoices/${invoice}` };
}

/** Presses "Attach a file" on a record's page: the upload's page, with the form that goes to the store. */
async function openUpload(browser: CookieBrowser, recordPage: string, recordType: string, recordId: string) {
  const page = await browser.request('GET', recordPage);
  expect(page.text).toContain('Attach a file');
  const { csrf, back } = formFields(page.text).hidden;
  const opened = await browser.request('POST', '/dashboard/attachments', { csrf: csrf!, back: back!, record_type: recordType, record_id: recordId });
  expect(opened.status, opened.text).toBe(303);
  expect(opened.location).toMatch(/^\/dashboard\/uploads\/[0-9a-f-]{36}$/);
  const uploadPage = await browser.request('GET', opened.location!);
  expect(uploadPage.status, uploadPage.text).toBe(200);
  return { path: opened.location!, html: uploadPage.text, headers: uploadPage.headers };
}

/** The store's form as a browser sends it: its hidden fields in order, then the chosen file. */
async function sendForm(html: string, file: Buffer, fileName: string): Promise<Response> {
  const form = /<form method="post" action="([^"]+)" enctype="multipart\/form-data">([\s\S]*?)<\/form>/.exec(html);
  expect(form, 'the upload form').not.toBeNull();
  const body = new FormData();
  for (const [, name, value] of form![2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) body.append(name!, value!.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&#x27;', "'"));
  body.append('file', new Blob([new Uint8Array(file)]), fileName);
  return fetch(form![1]!.replaceAll('&amp;', '&'), { method: 'POST', body, redirect: 'manual' });
}

describe('attaching a file from the dashboard with a plain file input (issue 50)', () => {
  it("sends the file straight to the store, comes back to the invoice saying so, and keeps the file's name, kind and size as the check found them", async () => {
    const w = await invoiceWorld();
    const upload = await openUpload(w.owner, w.page, 'invoice', w.invoice);
    expect(upload.html).toContain('<input id="file" type="file" name="file" required');
    // The form posts to the store's origin, which the page's CSP lets it reach.
    expect(upload.headers.get('content-security-policy')).toContain(`form-action 'self' ${new URL(runtime.baseUrl).origin}`);
    const pdf = Buffer.concat([SAMPLES['application/pdf'], Buffer.alloc(3000, 0x20)]);
    const sent = await sendForm(upload.html, pdf, 'Rechnung März.pdf');
    expect(sent.status).toBe(303);
    const backFromStore = new URL(sent.headers.get('location')!);
    expect(backFromStore.pathname).toBe(upload.path);
    expect(backFromStore.searchParams.get('key')).toBe(`${w.business.id}/attachments/${upload.path.split('/').pop()}`);
    const outcome = await w.owner.request('GET', backFromStore.href);
    expect(outcome.status, outcome.text).toBe(303);
    expect(outcome.location).toBe(`${w.page}?notice=file_attached`);
    const invoicePage = await w.owner.request('GET', outcome.location!);
    expect(invoicePage.text).toContain('File attached');
    expect(invoicePage.text).toContain('Rechnung März.pdf');

    const listed = (await call('GET', `/api/v1/invoices/${w.invoice}/attachments`, { key: w.business.key })).body.data.items;
    expect(listed).toMatchObject([{ id: upload.path.split('/').pop(), file_name: 'Rechnung März.pdf', content_type: 'application/pdf', size: pdf.byteLength, status: 'available' }]);
    const read = (await call('GET', `/api/v1/attachments/${listed[0].id}`, { key: w.business.key })).body.data;
    const downloaded = await fetch(read.download_url);
    expect(downloaded.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(pdf)).toBe(true);
    // The trail names the member who attached it, not the check.
    const trail = (await call('GET', `/api/v1/audit-log?record_type=attachment&record_id=${listed[0].id}`, { key: w.business.key })).body.data.items;
    expect(trail.map((entry: { action: string; actor: { type: string } }) => [entry.action, entry.actor.type])).toEqual([['created', 'user']]);
    // A decided upload's page no longer offers its form: it leads back to the record.
    expect((await w.owner.request('GET', upload.path)).location).toBe(`${w.page}?notice=file_attached`);
  });

  it('tells a text file by its name and a picture by its bytes, whatever it is called', async () => {
    const w = await invoiceWorld();
    for (const [file, name, kind] of [
      [SAMPLES['text/csv'], 'bank.csv', 'text/csv'],
      [SAMPLES['image/png'], 'scan.pdf', 'image/png'],
      [SAMPLES['text/plain'], 'notes', 'text/plain'],
    ] as const) {
      const upload = await openUpload(w.owner, w.page, 'invoice', w.invoice);
      const sent = await sendForm(upload.html, file, name);
      expect((await w.owner.request('GET', sent.headers.get('location')!)).location).toBe(`${w.page}?notice=file_attached`);
      const listed = (await call('GET', `/api/v1/invoices/${w.invoice}/attachments`, { key: w.business.key })).body.data.items as { file_name: string; content_type: string }[];
      expect(listed.find((item) => item.file_name === name)?.content_type, name).toBe(kind);
    }
  });

  it('refuses a file of no kind a record carries, saying why, and keeps nothing; an empty file never reaches the check', async () => {
    const w = await invoiceWorld();
    const upload = await openUpload(w.owner, w.page, 'invoice', w.invoice);
    const program = bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0], Array.from({ length: 200 }, () => 0));
    const sent = await sendForm(upload.html, program, 'setup.exe');
    const outcome = await w.owner.request('GET', sent.headers.get('location')!);
    expect(outcome.status).toBe(200);
    expect(outcome.text).toContain('Not attached: setup.exe is not a PDF');
    expect((await call('GET', `/api/v1/invoices/${w.invoice}/attachments`, { key: w.business.key })).body.data.items).toEqual([]);
    const another = await openUpload(w.owner, w.page, 'invoice', w.invoice);
    const empty = await sendForm(another.html, Buffer.alloc(0), 'empty.pdf');
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('EntityTooSmall');
  });

  it('offers no upload to a viewer and refuses one, and shows an upload to its own business only', async () => {
    const w = await invoiceWorld();
    const viewer = await memberBrowser(w.business.id, 'viewer');
    const page = await viewer.request('GET', w.page);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('Attach a file');
    const { csrf, back } = formFields(page.text).hidden;
    const refused = await viewer.request('POST', '/dashboard/attachments', { csrf: csrf!, back: back!, record_type: 'invoice', record_id: w.invoice });
    expect(refused.status).toBe(403);
    const upload = await openUpload(w.owner, w.page, 'invoice', w.invoice);
    expect((await viewer.request('GET', upload.path)).status).toBe(403);
    const stranger = await memberBrowser((await freshBusiness({ currency: 'USD' })).id, 'owner');
    expect((await stranger.request('GET', upload.path)).status).toBe(404);
    const { csrf: strangerCsrf } = formFields((await stranger.request('GET', '/dashboard')).text).hidden;
    const foreign = await stranger.request('POST', '/dashboard/attachments', { csrf: strangerCsrf!, back: '/dashboard', record_type: 'invoice', record_id: w.invoice });
    expect(foreign.status).toBe(404);
    const unknownKind = await w.owner.request('POST', '/dashboard/attachments', { csrf: formFields((await w.owner.request('GET', w.page)).text).hidden.csrf!, back: w.page, record_type: 'planet', record_id: w.invoice });
    expect(unknownKind.status).toBe(400);
  });
});
