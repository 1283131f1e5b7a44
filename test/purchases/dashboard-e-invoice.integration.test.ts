import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formFields } from '../integration/oauth-flow.ts';
import { call } from '../integration/support.ts';
import { signedInToFreshBusiness } from '../integration/dashboard-session.ts';

const example = (path: string) => readFileSync(join(import.meta.dirname, '../einvoicing/examples', path), 'utf8');

async function signedIn(role: 'owner' | 'viewer' = 'owner') {
  const { business, browser } = await signedInToFreshBusiness(role, { currency: 'EUR' });
  return { books: business, browser };
}

describe("a supplier's e-invoice in the dashboard", () => {
  it('Bills offers the import; a file posts the bill and opens it, the same file again opens it unchanged, a broken one comes back on the form with the rule it breaks', async () => {
    const { books, browser } = await signedIn();
    const list = await browser.request('GET', '/dashboard/bills');
    expect(list.text).toContain('href="/dashboard/bills/e-invoice"');
    const form = await browser.request('GET', '/dashboard/bills/e-invoice');
    expect(form.status).toBe(200);
    expect(form.text).toMatch(/<input[^>]*type="file"[^>]*name="xml"|<input[^>]*name="xml"[^>]*type="file"/);
    const csrf = formFields(form.text).hidden.csrf!;
    const upload = (content: string) => browser.upload('/dashboard/bills/e-invoice', { csrf }, { name: 'xml', filename: 'invoice.xml', content, type: 'application/xml' });

    const made = await upload(example('ubl/ubl-tc434-example1.xml'));
    expect(made.status, made.text.slice(0, 300)).toBe(303);
    const [, billId] = /^\/dashboard\/bills\/([0-9a-f-]{36})\?notice=e_invoice_imported$/.exec(made.location ?? '') ?? [];
    expect(billId).toBeDefined();
    const page = await browser.request('GET', made.location!);
    expect(page.text).toContain("Booked from the supplier's e-invoice");
    expect(page.text).toContain('FRITUUR VET 10 KG RETOUR (6 × 18.33)');
    const bill = (await call('GET', `/api/v1/bills/${billId}`, { key: books.key })).body.data;
    expect([bill.total, bill.reference]).toEqual([250.33, '12115118']);

    // The XML is listed among the bill's files; its download is a fresh link to the file itself, byte for byte.
    const [, attachmentId] = /href="\/dashboard\/attachments\/([0-9a-f-]{36})\/download">12115118\.xml<\/a>/.exec(page.text) ?? [];
    expect(attachmentId, page.text.slice(page.text.indexOf('id="files"'), page.text.indexOf('id="files"') + 600)).toBeDefined();
    const download = await browser.request('GET', `/dashboard/attachments/${attachmentId}/download`);
    expect(download.status).toBe(303);
    expect(await (await fetch(download.location!)).text()).toBe(example('ubl/ubl-tc434-example1.xml'));

    const again = await upload(example('ubl/ubl-tc434-example1.xml'));
    expect(again.location).toBe(`/dashboard/bills/${billId}?notice=e_invoice_known`);

    const broken = await upload(example('ubl/ubl-tc434-example1.xml').replace('<cbc:TaxInclusiveAmount currencyID="EUR">250.33', '<cbc:TaxInclusiveAmount currencyID="EUR">260.33'));
    expect(broken.status).toBe(400);
    expect(broken.text).toContain('BR-CO-15');
    expect((await call('GET', '/api/v1/bills?page_size=1', { key: books.key })).body.data.pagination.total_count).toBe(1);

    const credit = await upload(example('ubl/ubl-tc434-creditnote1.xml'));
    expect(credit.location).toMatch(/^\/dashboard\/vendor-credits\/[0-9a-f-]{36}\?notice=vendor_credit_imported$/);
    // The vendor credit's page: its credit offered to the vendor's open bills, and the supplier's XML among its files.
    const creditPage = await browser.request('GET', credit.location!);
    expect(creditPage.text).toContain("The supplier's credit note was booked as a vendor credit");
    expect(creditPage.text).toMatch(/<a href="\/dashboard\/attachments\/[0-9a-f-]{36}\/download">[^<]+\.xml<\/a>/);

    // Deleting the file from the bill's page takes it off the bill and comes back to the page.
    const deleteForm = formFields(/<form method="post" action="\/dashboard\/attachments\/[0-9a-f-]{36}\/delete"[^>]*>([\s\S]*?)<\/form>/.exec(page.text)![1]!).hidden;
    const deleted = await browser.request('POST', `/dashboard/attachments/${attachmentId}/delete`, deleteForm);
    expect([deleted.status, deleted.location]).toEqual([303, `/dashboard/bills/${billId}?notice=file_deleted`]);
    const after = await browser.request('GET', deleted.location!);
    expect(after.text).toContain('File deleted.');
    expect(after.text).toContain('No files attached.');
    expect((await call('GET', `/api/v1/bills/${billId}/attachments`, { key: books.key })).body.data.items).toEqual([]);
  });

  it('a viewer is not offered the import and may not post it; sees a bill\'s files and downloads them, but deletes none', async () => {
    const { books, browser } = await signedIn('viewer');
    expect((await browser.request('GET', '/dashboard/bills')).text).not.toContain('href="/dashboard/bills/e-invoice"');
    expect((await browser.request('GET', '/dashboard/bills/e-invoice')).status).toBe(403);
    const bill = (await call('POST', '/api/v1/bills/e-invoices', { key: books.key, rawBody: example('cii/CII_example1.xml'), contentType: 'application/xml' })).body.data;
    const page = await browser.request('GET', `/dashboard/bills/${bill.id}`);
    const [, attachmentId] = /href="\/dashboard\/attachments\/([0-9a-f-]{36})\/download">12115118\.xml<\/a>/.exec(page.text) ?? [];
    expect(attachmentId).toBeDefined();
    expect(page.text).not.toContain('/delete"');
    expect((await browser.request('GET', `/dashboard/attachments/${attachmentId}/download`)).status).toBe(303);
    const csrf = formFields(page.text).hidden.csrf!;
    expect((await browser.request('POST', `/dashboard/attachments/${attachmentId}/delete`, { csrf })).status).toBe(403);
    expect((await call('GET', `/api/v1/bills/${bill.id}/attachments`, { key: books.key })).body.data.items).toHaveLength(1);
  });
});
