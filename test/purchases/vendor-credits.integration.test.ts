import { describe, expect, it } from 'vitest';
import { call, freshBusiness, postingAs, uniqueName } from '../integration/support.ts';
import { entriesOf, nets, read } from '../integration/ledger-reads.ts';

/** A USD business with a vendor, a 10% rate and its system accounts by role. */
async function purchases(currency?: string) {
  const business = await freshBusiness({ currency: 'USD' });
  const post = postingAs(business.key);
  const vendor = (await post('/api/v1/vendors', { name: uniqueName('Supplier'), ...(currency ? { currency } : {}) })).id as string;
  const otherVendor = (await post('/api/v1/vendors', { name: uniqueName('Other supplier') })).id as string;
  const customer = (await post('/api/v1/customers', { name: uniqueName('Customer') })).id as string;
  const gst = (await post('/api/v1/tax-rates', { name: uniqueName('GST 10%'), rate: 10, kind: 'standard' })).id as string;
  const accounts = (await read(business, '/api/v1/accounts')) as { id: string; system_role: string | null }[];
  const role = (name: string) => accounts.find((account) => account.system_role === name)!.id;
  return { business, post, vendor, otherVendor, customer, gst, payable: role('accounts_payable'), purchases: role('purchases'), taxReceivable: role('tax_receivable'), gains: role('realized_fx') };
}

const problemFields = (answer: { body: any }) => (answer.body.details as { field: string; message: string }[]).map((detail) => `${detail.field}: ${detail.message}`);

describe('vendor credits', () => {
  it('post against payables, apply to the same vendor\'s bills, count as negative purchases on the tax return, and void back, figures by hand', async () => {
    const books = await purchases();
    const { business, post, vendor, gst, payable, taxReceivable } = books;
    const line = (unit_price: number, quantity = 1) => ({ description: 'Paper', quantity, unit_price, tax_rate_id: gst });
    // A bill of 2 × 100 at 10%: 200 + 20 = 220 owed.
    const bill = await post('/api/v1/bills', { vendor_id: vendor, bill_date: '2026-07-01', due_date: '2026-07-31', lines: [line(100, 2)] });
    // The supplier credits 50 + 5 for damaged paper.
    const credit = await post('/api/v1/vendor-credits', { vendor_id: vendor, date: '2026-07-05', reference: 'SUP-CN-7', lines: [line(50)] });
    expect(credit).toMatchObject({ type: 'vendor_credit', no: 'VC-00001', status: 'Open', vendor_id: vendor, subtotal: 50, tax_total: 5, total: 55, amount_allocated: 0, remaining_credit: 55 });
    // Dr payables 55; Cr purchases 50, Cr tax receivable 5.
    expect(await entriesOf(business, credit.id)).toEqual([[[payable, 55, 0, 55, 0], [books.purchases, 0, 50, 0, 50], [taxReceivable, 0, 5, 0, 5]]]);
    let balances = await nets(business);
    expect([balances.get(payable), balances.get(books.purchases), balances.get(taxReceivable)]).toEqual([-165, 150, 15]);

    const applied = await call('POST', `/api/v1/vendor-credits/${credit.id}/allocations`, { key: business.key, body: { date: '2026-07-10', allocations: [{ document_id: bill.id, amount: 40 }] } });
    expect(applied.status, applied.text).toBe(201);
    expect(applied.body.data.vendor_credit).toMatchObject({ amount_allocated: 40, remaining_credit: 15, status: 'Open' });
    const [allocation] = applied.body.data.allocations;
    expect(allocation).toMatchObject({ vendor_credit_id: credit.id, document_id: bill.id, amount: 40, date: '2026-07-10', journal_entry_id: null });
    expect(allocation).not.toHaveProperty('credit_note_id');
    expect(await read(business, `/api/v1/bills/${bill.id}`)).toMatchObject({ amount_credited: 40, balance_due: 180, status: 'PartiallyPaid' });
    // Applying credit only matches payables: the ledger is as it was.
    expect((await nets(business)).get(payable)).toBe(-165);
    // Aged payables of a past date: the bill, less the credit unapplied that day (negative, in the current column),
    // so each total is payables in the ledger: 220 before the credit, 220 − 55 before it is applied, 180 − 15 after.
    const aged = async (asOf: string) => (await read(business, `/api/v1/reports/aged-payables?as_of=${asOf}`)).currencies[0]?.totals;
    expect((await aged('2026-07-04')).total).toBe(220);
    expect(await aged('2026-07-09')).toMatchObject({ current: 165, total: 165 });
    expect(await aged('2026-07-10')).toMatchObject({ current: 165, total: 165 });
    // Past its due date the bill ages; the credit stays current.
    expect(await aged('2026-08-15')).toMatchObject({ current: -15, d1_30: 180, total: 165 });

    // July's tax return: purchases of 200 less the credit's 50, their tax 20 less 5.
    const july = await read(business, '/api/v1/reports/tax-summary?from=2026-07-01&to=2026-07-31');
    expect(july.rates.find((rate: { tax_rate_id: string }) => rate.tax_rate_id === gst)).toMatchObject({ sales: { net: 0, tax: 0 }, purchases: { net: 150, tax: 15 } });
    expect(july.totals).toMatchObject({ input_tax: 15, net_payable: -15 });

    // More than is left, a customer's invoice, another vendor's bill, a date before the credit: refused, nothing moved.
    const invoice = await post('/api/v1/invoices', { customer_id: books.customer, invoice_date: '2026-07-01', lines: [{ description: 'Work', quantity: 1, unit_price: 10 }] });
    const strangerBill = await post('/api/v1/bills', { vendor_id: books.otherVendor, bill_date: '2026-07-01', lines: [{ description: 'Ink', quantity: 1, unit_price: 10 }] });
    for (const [body, expected] of [
      [{ allocations: [{ document_id: bill.id, amount: 20 }] }, "allocations: exceed the vendor credit's remaining credit of 15"],
      [{ allocations: [{ document_id: invoice.id, amount: 5 }] }, 'allocations[0].document_id: is not a bill'],
      [{ allocations: [{ document_id: strangerBill.id, amount: 5 }] }, "allocations[0].document_id: is another vendor's bill"],
      [{ date: '2026-07-04', allocations: [{ document_id: bill.id, amount: 5 }] }, 'date: must be on or after 2026-07-05, the date of VC-00001'],
    ] as const) {
      const refused = await call('POST', `/api/v1/vendor-credits/${credit.id}/allocations`, { key: business.key, body });
      expect(refused.status, refused.text).toBe(400);
      expect(problemFields(refused)).toEqual([expected]);
    }
    expect(await read(business, `/api/v1/vendor-credits/${credit.id}`)).toMatchObject({ amount_allocated: 40 });

    // A credit with live allocations is not voided; its allocation is, under the purchases scope's own route only.
    expect((await call('POST', `/api/v1/vendor-credits/${credit.id}/void`, { key: business.key })).status).toBe(409);
    expect((await call('POST', `/api/v1/credit-allocations/${allocation.id}/void`, { key: business.key })).status).toBe(404);
    const undone = await call('POST', `/api/v1/vendor-credit-allocations/${allocation.id}/void`, { key: business.key });
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body.data).toMatchObject({ id: allocation.id, vendor_credit_id: credit.id, void_date: '2026-07-10' });
    expect(await read(business, `/api/v1/bills/${bill.id}`)).toMatchObject({ amount_credited: 0, balance_due: 220, status: 'Open' });
    const listed = await read(business, `/api/v1/vendor-credits/${credit.id}/allocations`);
    expect(listed.items.map((item: { id: string; voided_at: string | null }) => [item.id, item.voided_at !== null])).toEqual([[allocation.id, true]]);

    const voided = await call('POST', `/api/v1/vendor-credits/${credit.id}/void`, { key: business.key, body: { void_date: '2026-07-20' } });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.data).toMatchObject({ status: 'Voided', void_date: '2026-07-20' });
    balances = await nets(business);
    expect([balances.get(payable), balances.get(books.purchases), balances.get(taxReceivable)]).toEqual([-230, 210, 20]);
    // The list holds it, by vendor, and the events name it by its own kind.
    expect((await read(business, `/api/v1/vendor-credits?vendor_id=${vendor}`)).items.map((item: { no: string }) => item.no)).toEqual(['VC-00001']);
    const namesInFeed = async () => ((await read(business, '/api/v1/events?limit=100')).items as { type: string; data: { id?: string } }[]).filter((event) => event.data.id === credit.id).map((event) => event.type);
    await expect.poll(namesInFeed, { timeout: 10_000 }).toEqual(['vendor_credit.created', 'vendor_credit.voided']);
  });

  it('in a foreign currency: applied to a bill booked at another rate, books the realized difference, and its void reverses it', async () => {
    const books = await purchases('EUR');
    const { business, post, vendor, payable, gains } = books;
    // EUR 1,000 owed at 1.10 (1,100 USD); the supplier's EUR 200 credit at 1.20 (240 USD).
    const bill = await post('/api/v1/bills', { vendor_id: vendor, bill_date: '2026-03-05', lines: [{ description: 'Machine', quantity: 1, unit_price: 1000 }], exchange_rate: 1.1 });
    const credit = await post('/api/v1/vendor-credits', { vendor_id: vendor, date: '2026-03-20', lines: [{ description: 'Discount', quantity: 1, unit_price: 200 }], exchange_rate: 1.2 });
    const applied = await call('POST', `/api/v1/vendor-credits/${credit.id}/allocations`, { key: business.key, body: { date: '2026-03-25', allocations: [{ document_id: bill.id, amount: 200 }] } });
    expect(applied.status, applied.text).toBe(201);
    const [allocation] = applied.body.data.allocations;
    expect(allocation.journal_entry_id).toEqual(expect.any(String));
    // The credit reduced payables by 240 but clears only 220 of the bill: a loss of 20 puts the 20 back.
    expect(await entriesOf(business, allocation.id)).toEqual([[[payable, 0, 200, 0, 240], [payable, 200, 0, 220, 0], [gains, 0, 0, 20, 0]]]);
    const after = await nets(business);
    // EUR 800 still owed at the bill's 1.10.
    expect(after.get(payable)).toBe(-880);
    expect(after.get(gains)).toBe(20);
    expect(await read(business, `/api/v1/vendor-credits/${credit.id}`)).toMatchObject({ status: 'Closed', remaining_credit: 0 });
    expect(await read(business, `/api/v1/bills/${bill.id}`)).toMatchObject({ balance_due: 800 });

    expect((await call('POST', `/api/v1/vendor-credit-allocations/${allocation.id}/void`, { key: business.key })).status).toBe(200);
    const undone = await nets(business);
    expect(undone.get(payable)).toBe(-1100 + 240);
    expect(undone.has(gains)).toBe(false);
  });

  it('at a reverse-charge rate: the credit takes back its share of the self-assessed tax, on both tax accounts', async () => {
    const { business, post, vendor, taxReceivable } = await purchases();
    const reverse = (await post('/api/v1/tax-rates', { name: uniqueName('Reverse charge 20%'), rate: 20, kind: 'reverse_charge', exemption_reason: 'Reverse charge' })).id as string;
    const line = (unit_price: number) => ({ description: 'Consulting abroad', quantity: 1, unit_price, tax_rate_id: reverse });
    await post('/api/v1/bills', { vendor_id: vendor, bill_date: '2026-09-02', lines: [line(300)] }); // 60 self-assessed
    const credit = await post('/api/v1/vendor-credits', { vendor_id: vendor, date: '2026-09-09', lines: [line(100)] }); // 20 of it back
    expect(credit).toMatchObject({ subtotal: 100, tax_total: 0, reverse_charge_tax: 20, total: 100 });
    const september = await read(business, '/api/v1/reports/tax-summary?from=2026-09-01&to=2026-09-30');
    expect(september.rates.find((rate: { tax_rate_id: string }) => rate.tax_rate_id === reverse)).toMatchObject({ purchases: { net: 200, tax: 40 } });
    expect(september.totals).toEqual({ output_tax: 40, input_tax: 40, reverse_charge_tax: 40, net_payable: 0 });
    // Self-assessed tax is booked to both tax accounts alike: 60 − 20 on each.
    expect((await nets(business)).get(taxReceivable)).toBe(40);
  });

  it('are drafted and approved like any document: a draft posts nothing and takes its number at approval', async () => {
    const { business, post, vendor, payable } = await purchases();
    const draft = await post('/api/v1/vendor-credits', { status: 'draft', vendor_id: vendor, date: '2026-08-01', lines: [{ description: 'Return', quantity: 1, unit_price: 30 }] });
    expect(draft).toMatchObject({ status: 'Draft', no: null });
    expect((await nets(business)).has(payable)).toBe(false);
    expect((await read(business, '/api/v1/vendor-credits')).items).toEqual([]);
    expect((await read(business, '/api/v1/vendor-credits?status=draft')).items.map((item: { id: string }) => item.id)).toEqual([draft.id]);
    const approved = await call('POST', `/api/v1/vendor-credits/${draft.id}/approve`, { key: business.key });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.data).toMatchObject({ id: draft.id, no: 'VC-00001', status: 'Open', remaining_credit: 30 });
    expect((await nets(business)).get(payable)).toBe(30);
  });
});
