import { describe, expect, it } from 'vitest';
import { call, freshBusiness, postingAs, uniqueName } from '../integration/support.ts';
import { entriesOf, nets, read } from '../integration/ledger-reads.ts';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';

/** A USD business with a customer and a vendor (in `currency`), a bank account in it, and its system accounts by role. */
async function books(currency = 'USD') {
  const business = await freshBusiness({ currency: 'USD' });
  const post = postingAs(business.key);
  const customer = (await post('/api/v1/customers', { name: uniqueName('Customer'), currency })).id as string;
  const vendor = (await post('/api/v1/vendors', { name: uniqueName('Supplier'), currency })).id as string;
  const bank = (await post('/api/v1/bank-feeds/accounts', { name: uniqueName('Bank'), kind: 'bank', currency })).id as string;
  const accounts = (await read(business, '/api/v1/accounts')) as { id: string; system_role: string | null }[];
  const role = (name: string) => accounts.find((account) => account.system_role === name)!.id;
  return { business, post, customer, vendor, bank, receivable: role('accounts_receivable'), payable: role('accounts_payable'), gains: role('realized_fx') };
}

const fieldsOf = (answer: { body: any }) => (answer.body.details as { field: string }[]).map((detail) => detail.field);
const line = (unit_price: number) => ({ description: 'Work', quantity: 1, unit_price });

describe('customer credit: overpayments, prepayments, applied later', () => {
  it('keeps what a receipt holds beyond its allocations, and a prepayment, as the customer\'s credit in receivables until applied, figures by hand', async () => {
    const { business, post, customer, bank, receivable } = await books();
    const aged = async (asOf: string) => (await read(business, `/api/v1/reports/aged-receivables?as_of=${asOf}`)).currencies[0]?.totals;
    const invoice = await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-01', due_date: '2026-05-31', lines: [line(100)] });

    // 150 arrives for a 100 invoice: 50 is the customer's credit, kept by the receipt's overpayment.
    const receipt = await post('/api/v1/receipts', { party_id: customer, date: '2026-05-10', payment_account_id: bank, amount: 150, allocations: [{ document_id: invoice.id, amount: 100 }] });
    expect(receipt).toMatchObject({ amount: 150, unapplied_amount: 50, allocations: [{ document_id: invoice.id, amount: 100 }] });
    expect(receipt.overpayment_id).toEqual(expect.any(String));
    expect(await read(business, `/api/v1/invoices/${invoice.id}`)).toMatchObject({ balance_due: 0, status: 'Paid' });
    const overpayment = await read(business, `/api/v1/prepayments/${receipt.overpayment_id}`);
    expect(overpayment).toMatchObject({ type: 'prepayment', source: 'overpayment', no: receipt.no, customer_id: customer, date: '2026-05-10', total: 50, remaining_credit: 50, status: 'Open', lines: [], money: { type: 'receipt', id: receipt.id, no: receipt.no } });
    // Dr bank 150, Cr receivables 150 (100 of the invoice, 50 held for the customer).
    expect(await entriesOf(business, receipt.id)).toEqual([[[bank, 150, 0, 150, 0], [receivable, 0, 150, 0, 150]]]);
    expect((await nets(business)).get(receivable)).toBe(-50);
    expect((await read(business, `/api/v1/customers/${customer}`)).credit_balance).toEqual([{ currency: 'USD', amount: 50 }]);

    // 30 more before any invoice: a prepayment, PP-00001, bank against receivables.
    const prepayment = await post('/api/v1/prepayments', { party_id: customer, date: '2026-05-12', payment_account_id: bank, amount: 30, reference: 'Deposit' });
    expect(prepayment).toMatchObject({ type: 'prepayment', source: 'prepayment', no: 'PP-00001', total: 30, remaining_credit: 30, payment_account_id: bank, currency: 'USD', money: null, reference: 'Deposit' });
    expect(await entriesOf(business, prepayment.id)).toEqual([[[bank, 30, 0, 30, 0], [receivable, 0, 30, 0, 30]]]);
    expect((await read(business, `/api/v1/customers/${customer}`)).credit_balance).toEqual([{ currency: 'USD', amount: 80 }]);
    // The aged receivables hold the credit as negative and current, so the total is receivables in the ledger: 100 − 150 − 30.
    expect(await aged('2026-05-15')).toMatchObject({ current: -80, total: -80 });
    expect((await nets(business, '2026-05-15')).get(receivable)).toBe(-80);

    // A second invoice of 120, settled by both credits later, each on its own date.
    const second = await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-20', due_date: '2026-06-19', lines: [line(120)] });
    const fromReceipt = await call('POST', `/api/v1/receipts/${receipt.id}/allocations`, { key: business.key, body: { date: '2026-05-21', allocations: [{ document_id: second.id, amount: 50 }] } });
    expect(fromReceipt.status, fromReceipt.text).toBe(201);
    expect(fromReceipt.body.data.prepayment).toMatchObject({ id: receipt.overpayment_id, amount_allocated: 50, remaining_credit: 0, status: 'Closed' });
    expect(fromReceipt.body.data.allocations).toMatchObject([{ prepayment_id: receipt.overpayment_id, document_id: second.id, amount: 50, date: '2026-05-21', journal_entry_id: null }]);
    const fromPrepayment = await call('POST', `/api/v1/prepayments/${prepayment.id}/allocations`, { key: business.key, body: { date: '2026-05-22', allocations: [{ document_id: second.id, amount: 30 }] } });
    expect(fromPrepayment.status, fromPrepayment.text).toBe(201);
    expect(await read(business, `/api/v1/invoices/${second.id}`)).toMatchObject({ amount_credited: 80, balance_due: 40, status: 'PartiallyPaid' });
    // Applying credit only matches receivables: 100 + 120 − 150 − 30 = 40, and no credit is left.
    expect((await nets(business)).get(receivable)).toBe(40);
    expect((await read(business, `/api/v1/customers/${customer}`)).credit_balance).toEqual([]);
    expect(await aged('2026-05-31')).toMatchObject({ current: 40, total: 40 });
    // As of a past date the credit is back as it was: 100 + 120 − 150 − 30 with 80 unapplied.
    expect(await aged('2026-05-20')).toMatchObject({ current: 40, total: 40 });
    expect((await read(business, `/api/v1/customers/${customer}/statement?from=2026-05-01&to=2026-05-31`)).currencies[0]).toMatchObject({ opening_balance: 0, closing_balance: 40 });
    const listed = await read(business, `/api/v1/prepayments?customer_id=${customer}`);
    expect(listed.items.map((item: { id: string }) => item.id).sort()).toEqual([receipt.overpayment_id, prepayment.id].sort());

    // The receipt's credit is applied: it cannot go until that application does; its overpayment goes only with it.
    const blocked = await call('POST', `/api/v1/receipts/${receipt.id}/void`, { key: business.key });
    expect(blocked.status, blocked.text).toBe(409);
    expect((await call('POST', `/api/v1/prepayments/${receipt.overpayment_id}/void`, { key: business.key })).status).toBe(409);
    const [applied] = (await read(business, `/api/v1/prepayments/${receipt.overpayment_id}/allocations`)).items;
    const undone = await call('POST', `/api/v1/prepayment-allocations/${applied.id}/void`, { key: business.key });
    expect(undone.status, undone.text).toBe(200);
    const voided = await call('POST', `/api/v1/receipts/${receipt.id}/void`, { key: business.key });
    expect(voided.status, voided.text).toBe(200);
    expect(await read(business, `/api/v1/prepayments/${receipt.overpayment_id}`)).toMatchObject({ status: 'Voided', void_date: '2026-05-10' });
    expect(await read(business, `/api/v1/invoices/${invoice.id}`)).toMatchObject({ balance_due: 100 });
    // 100 + 120 owed, less the prepayment's 30 applied.
    expect((await nets(business)).get(receivable)).toBe(190);
    expect(await aged('2026-12-31')).toMatchObject({ total: 190 });
    expect((await read(business, `/api/v1/customers/${customer}`)).credit_balance).toEqual([]);
  });

  it('refuses what it cannot hold, naming the field, and writes nothing', async () => {
    const { business, post, customer, vendor, bank } = await books();
    const invoice = await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-01', lines: [line(100)] });
    const short = await call('POST', '/api/v1/receipts', { key: business.key, body: { party_id: customer, date: '2026-05-10', payment_account_id: bank, amount: 90, allocations: [{ document_id: invoice.id, amount: 100 }] } });
    expect(short.status).toBe(400);
    expect(fieldsOf(short)).toEqual(['amount']);
    const exact = await post('/api/v1/receipts', { party_id: customer, date: '2026-05-10', payment_account_id: bank, amount: 60, allocations: [{ document_id: invoice.id, amount: 60 }] });
    expect(exact).toMatchObject({ amount: 60, unapplied_amount: 0, overpayment_id: null });
    const nothingLeft = await call('POST', `/api/v1/receipts/${exact.id}/allocations`, { key: business.key, body: { allocations: [{ document_id: invoice.id, amount: 10 }] } });
    expect(nothingLeft.status, nothingLeft.text).toBe(409);
    const vendorAsCustomer = await call('POST', '/api/v1/prepayments', { key: business.key, body: { party_id: vendor, date: '2026-05-10', payment_account_id: bank, amount: 10 } });
    expect(vendorAsCustomer.status).toBe(400);
    expect(fieldsOf(vendorAsCustomer)).toEqual(['party_id']);
    const notCash = await call('POST', '/api/v1/prepayments', { key: business.key, body: { party_id: customer, date: '2026-05-10', payment_account_id: invoice.id, amount: 10.001 } });
    expect(notCash.status).toBe(400);
    expect(fieldsOf(notCash)).toEqual(['payment_account_id']);
    const tooFine = await call('POST', '/api/v1/prepayments', { key: business.key, body: { party_id: customer, date: '2026-05-10', payment_account_id: bank, amount: 10.001 } });
    expect(tooFine.status).toBe(400);
    expect(fieldsOf(tooFine)).toEqual(['amount']);
    expect((await read(business, '/api/v1/prepayments')).items).toEqual([]);
    // A credit applied before it existed, or beyond what is left, is refused like a credit note's.
    const prepayment = await post('/api/v1/prepayments', { party_id: customer, date: '2026-05-12', payment_account_id: bank, amount: 30 });
    const early = await call('POST', `/api/v1/prepayments/${prepayment.id}/allocations`, { key: business.key, body: { date: '2026-05-11', allocations: [{ document_id: invoice.id, amount: 10 }] } });
    expect(fieldsOf(early)).toEqual(['date']);
    const beyond = await call('POST', `/api/v1/prepayments/${prepayment.id}/allocations`, { key: business.key, body: { date: '2026-05-12', allocations: [{ document_id: invoice.id, amount: 35 }] } });
    expect(beyond.status).toBe(400);
    // Into a locked period: 409, nothing applied.
    expect((await call('PUT', '/api/v1/business/lock-date', { key: business.key, body: { lock_date: '2026-05-31' } })).status).toBe(200);
    const locked = await call('POST', `/api/v1/prepayments/${prepayment.id}/allocations`, { key: business.key, body: { date: '2026-05-20', allocations: [{ document_id: invoice.id, amount: 10 }] } });
    expect(locked.status, locked.text).toBe(409);
    expect(locked.body.error).toBe('period_locked');
    expect(fieldsOf(locked)).toEqual(['date']);
    expect(await read(business, `/api/v1/prepayments/${prepayment.id}`)).toMatchObject({ amount_allocated: 0, remaining_credit: 30 });
  });

  it('a foreign-currency overpayment is held at the receipt\'s rate and applied to an invoice at another, the difference realized', async () => {
    const { business, post, customer, bank, receivable, gains } = await books('EUR');
    // EUR 100 invoiced at 1.10 (110 USD).
    const invoice = await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-06-01', lines: [line(100)], exchange_rate: 1.1 });
    // EUR 150 arrives at 1.20 (180 USD): the invoice relieved at its 110, EUR 50 held at 60, 10 gained.
    const receipt = await post('/api/v1/receipts', { party_id: customer, date: '2026-06-10', payment_account_id: bank, amount: 150, exchange_rate: 1.2, allocations: [{ document_id: invoice.id, amount: 100 }] });
    expect(receipt).toMatchObject({ amount: 150, unapplied_amount: 50 });
    let balances = await nets(business);
    expect([balances.get(bank), balances.get(receivable), balances.get(gains)]).toEqual([180, -60, -10]);
    expect(await read(business, `/api/v1/prepayments/${receipt.overpayment_id}`)).toMatchObject({ currency: 'EUR', exchange_rate: 1.2, total: 50 });
    // EUR 50 invoiced later at 1.30 (65 USD) and settled by the credit: it relieves 60 of credit against 65 owed, a loss of 5.
    const second = await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-06-20', lines: [line(50)], exchange_rate: 1.3 });
    const applied = await call('POST', `/api/v1/receipts/${receipt.id}/allocations`, { key: business.key, body: { date: '2026-06-25', allocations: [{ document_id: second.id, amount: 50 }] } });
    expect(applied.status, applied.text).toBe(201);
    expect(applied.body.data.allocations[0].journal_entry_id).toEqual(expect.any(String));
    expect(await read(business, `/api/v1/invoices/${second.id}`)).toMatchObject({ balance_due: 0, status: 'Settled' });
    balances = await nets(business);
    // Everything settled: receivables 0 in USD; 10 gained less 5 lost.
    expect([balances.get(bank), balances.get(receivable) ?? 0, balances.get(gains)]).toEqual([180, 0, -5]);
  });

  it('money paid to a vendor ahead of its bills is the vendor\'s debit, applied to a bill later', async () => {
    const { business, post, vendor, bank, payable } = await books();
    const prepayment = await post('/api/v1/vendor-prepayments', { party_id: vendor, date: '2026-07-01', payment_account_id: bank, amount: 200 });
    expect(prepayment).toMatchObject({ type: 'vendor_prepayment', no: 'PP-00001', vendor_id: vendor, total: 200, remaining_credit: 200 });
    // Dr payables 200, Cr bank 200.
    expect(await entriesOf(business, prepayment.id)).toEqual([[[payable, 200, 0, 200, 0], [bank, 0, 200, 0, 200]]]);
    expect((await read(business, `/api/v1/vendors/${vendor}`)).credit_balance).toEqual([{ currency: 'USD', amount: 200 }]);
    const bill = await post('/api/v1/bills', { vendor_id: vendor, bill_date: '2026-07-05', due_date: '2026-08-04', lines: [line(500)] });
    // 300 more paid for the 500 bill, 50 of it beyond: the vendor's overpayment.
    const payment = await post('/api/v1/payments', { party_id: vendor, date: '2026-07-06', payment_account_id: bank, amount: 350, allocations: [{ document_id: bill.id, amount: 300 }] });
    expect(payment).toMatchObject({ unapplied_amount: 50 });
    expect(await read(business, `/api/v1/vendor-prepayments/${payment.overpayment_id}`)).toMatchObject({ source: 'overpayment', total: 50, money: { type: 'payment', id: payment.id } });
    const applied = await call('POST', `/api/v1/vendor-prepayments/${prepayment.id}/allocations`, { key: business.key, body: { date: '2026-07-07', allocations: [{ document_id: bill.id, amount: 200 }] } });
    expect(applied.status, applied.text).toBe(201);
    expect(applied.body.data.vendor_prepayment).toMatchObject({ remaining_credit: 0 });
    expect(await read(business, `/api/v1/bills/${bill.id}`)).toMatchObject({ balance_due: 0 });
    // Payables: 500 owed, less 200 and 350 paid: the vendor owes 50 back, as the aged payables say.
    expect((await nets(business)).get(payable)).toBe(50);
    expect((await read(business, '/api/v1/reports/aged-payables?as_of=2026-07-31')).currencies[0].totals).toMatchObject({ current: -50, total: -50 });
    expect((await read(business, `/api/v1/vendors/${vendor}`)).credit_balance).toEqual([{ currency: 'USD', amount: 50 }]);
    // The next prepayment, either side, takes the next number of the one series.
    const next = await post('/api/v1/vendor-prepayments', { party_id: vendor, date: '2026-07-08', payment_account_id: bank, amount: 5 });
    expect(next.no).toBe('PP-00002');
    const voided = await call('POST', `/api/v1/vendor-prepayments/${next.id}/void`, { key: business.key });
    expect(voided.status, voided.text).toBe(200);
    expect((await nets(business)).get(payable)).toBe(50);
  });


  it("a prepayment and a payment's overpayment that share a number and a day are both listed by status (the overpayment is numbered as its payment)", async () => {
    const { business, post, vendor, bank } = await books();
    const prepayment = await post('/api/v1/vendor-prepayments', { party_id: vendor, date: '2026-07-01', payment_account_id: bank, amount: 20 });
    const bill = await post('/api/v1/bills', { vendor_id: vendor, bill_date: '2026-07-01', due_date: '2026-07-31', lines: [line(10)] });
    const payment = await post('/api/v1/payments', { party_id: vendor, date: '2026-07-01', payment_account_id: bank, amount: 30, allocations: [{ document_id: bill.id, amount: 10 }] });
    const overpayment = await read(business, `/api/v1/vendor-prepayments/${payment.overpayment_id}`);
    // Number 1 of two series, one type, one day: listed under one status, each must still be an entry of its own.
    expect([prepayment.no, payment.no, overpayment.status]).toEqual(['PP-00001', 'PAY-00001', prepayment.status]);
    const listed = async () => ((await read(business, `/api/v1/vendor-prepayments?status=${prepayment.status}`)).items as { id: string }[]).map((item) => item.id).sort();
    await eventually(async () => (await listed()).length === 2, STREAM_LAG_MS);
    expect(await listed()).toEqual([prepayment.id, overpayment.id].sort());
  });
});

describe('refunds out of unapplied credit', () => {
  it("pay a customer back from a credit note, a prepayment or a receipt's overpayment, bank against receivables, and void back, figures by hand", async () => {
    const { business, post, customer, bank, receivable } = await books();
    const invoice = await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-08-01', lines: [line(100)] });
    const receipt = await post('/api/v1/receipts', { party_id: customer, date: '2026-08-05', payment_account_id: bank, amount: 130, allocations: [{ document_id: invoice.id, amount: 100 }] });
    const note = await post('/api/v1/credit-notes', { customer_id: customer, date: '2026-08-06', lines: [line(40)] });
    const prepayment = await post('/api/v1/prepayments', { party_id: customer, date: '2026-08-07', payment_account_id: bank, amount: 15 });
    expect((await read(business, `/api/v1/customers/${customer}`)).credit_balance).toEqual([{ currency: 'USD', amount: 85 }]);

    // 20 of the receipt's 30 goes back: RF-00001, Dr receivables 20, Cr bank 20.
    const fromReceipt = await post('/api/v1/refunds', { party_id: customer, source: { receipt_id: receipt.id }, payment_account_id: bank, date: '2026-08-10', amount: 20, reference: 'Overpaid' });
    expect(fromReceipt).toMatchObject({ no: 'RF-00001', type: 'Refund', amount: 20, currency: 'USD', status: 'Posted', source: { type: 'receipt', id: receipt.id, no: receipt.no }, credit_document_id: receipt.overpayment_id, reference: 'Overpaid' });
    expect(await entriesOf(business, fromReceipt.id)).toEqual([[[receivable, 20, 0, 20, 0], [bank, 0, 20, 0, 20]]]);
    expect(await read(business, `/api/v1/prepayments/${receipt.overpayment_id}`)).toMatchObject({ remaining_credit: 10 });
    const fromNote = await post('/api/v1/refunds', { party_id: customer, source: { credit_note_id: note.id }, payment_account_id: bank, date: '2026-08-11', amount: 40 });
    expect(await read(business, `/api/v1/credit-notes/${note.id}`)).toMatchObject({ remaining_credit: 0, status: 'Closed' });
    await post('/api/v1/refunds', { party_id: customer, source: { prepayment_id: prepayment.id }, payment_account_id: bank, date: '2026-08-12', amount: 5 });
    // Credit left: 10 of the receipt's and 10 of the prepayment's; receivables −20; the bank 130 + 15 − 65.
    expect((await read(business, `/api/v1/customers/${customer}`)).credit_balance).toEqual([{ currency: 'USD', amount: 20 }]);
    let balances = await nets(business);
    expect([balances.get(receivable), balances.get(bank)]).toEqual([-20, 80]);
    expect((await read(business, '/api/v1/reports/aged-receivables?as_of=2026-08-31')).currencies[0].totals).toMatchObject({ current: -20, total: -20 });
    // As of a day before the note's refund, its 40 was still owed back.
    expect((await read(business, '/api/v1/reports/aged-receivables?as_of=2026-08-10')).currencies[0].totals).toMatchObject({ total: -65 });
    expect((await read(business, '/api/v1/refunds')).items.map((refund: { no: string }) => refund.no)).toEqual(['RF-00001', 'RF-00002', 'RF-00003']);

    // The credit note's credit is refunded: it cannot be voided until the refund is; the refund's void gives it back.
    expect((await call('POST', `/api/v1/credit-notes/${note.id}/void`, { key: business.key })).status).toBe(409);
    const voided = await call('POST', `/api/v1/refunds/${fromNote.id}/void`, { key: business.key });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.data).toMatchObject({ status: 'Voided', void_date: '2026-08-11' });
    expect(await read(business, `/api/v1/credit-notes/${note.id}`)).toMatchObject({ remaining_credit: 40 });
    balances = await nets(business);
    expect([balances.get(receivable), balances.get(bank)]).toEqual([-60, 120]);
    expect((await call('POST', `/api/v1/refunds/${fromNote.id}/void`, { key: business.key })).status).toBe(409);
  });

  it('refuses more than the credit left, another customer, a source that holds no credit, two sources, and a locked period, writing nothing', async () => {
    const { business, post, customer, bank } = await books();
    const other = (await post('/api/v1/customers', { name: uniqueName('Other') })).id as string;
    const invoice = await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-08-01', lines: [line(100)] });
    const exact = await post('/api/v1/receipts', { party_id: customer, date: '2026-08-05', payment_account_id: bank, allocations: [{ document_id: invoice.id, amount: 50 }] });
    const prepayment = await post('/api/v1/prepayments', { party_id: customer, date: '2026-08-07', payment_account_id: bank, amount: 15 });
    const refund = (body: Record<string, unknown>) => call('POST', '/api/v1/refunds', { key: business.key, body: { party_id: customer, source: { prepayment_id: prepayment.id }, payment_account_id: bank, date: '2026-08-10', amount: 5, ...body } });
    expect(fieldsOf(await refund({ amount: 16 }))).toEqual(['amount']);
    expect(fieldsOf(await refund({ party_id: other }))).toEqual(['party_id']);
    expect(fieldsOf(await refund({ date: '2026-08-06' }))).toEqual(['date']);
    expect(fieldsOf(await refund({ source: { receipt_id: exact.id } }))).toEqual(['source.receipt_id']);
    expect(fieldsOf(await refund({ source: { prepayment_id: prepayment.id, receipt_id: exact.id } }))).toEqual(['source']);
    expect((await refund({ source: { credit_note_id: prepayment.id } })).status).toBe(404);
    expect((await call('PUT', '/api/v1/business/lock-date', { key: business.key, body: { lock_date: '2026-08-31' } })).status).toBe(200);
    const locked = await refund({});
    expect(locked.status, locked.text).toBe(409);
    expect(locked.body.error).toBe('period_locked');
    expect((await read(business, '/api/v1/refunds')).items).toEqual([]);
    expect(await read(business, `/api/v1/prepayments/${prepayment.id}`)).toMatchObject({ remaining_credit: 15 });
  });

  it('a foreign credit refunded at another rate realizes the difference; a vendor refund comes in against payables', async () => {
    const { business, post, customer, vendor, bank, receivable, payable, gains } = await books('EUR');
    // EUR 100 held at 1.20 (120 USD), EUR 100 paid back at 1.10 (110 USD): 10 gained.
    const prepayment = await post('/api/v1/prepayments', { party_id: customer, date: '2026-09-01', payment_account_id: bank, amount: 100, exchange_rate: 1.2 });
    const refunded = await post('/api/v1/refunds', { party_id: customer, source: { prepayment_id: prepayment.id }, payment_account_id: bank, date: '2026-09-20', amount: 100, exchange_rate: 1.1 });
    expect(refunded).toMatchObject({ currency: 'EUR', exchange_rate: 1.1 });
    let balances = await nets(business);
    expect([balances.get(receivable) ?? 0, balances.get(bank), balances.get(gains)]).toEqual([0, 10, -10]);
    // A vendor's EUR 50 prepayment at 1.20, EUR 50 back from it at 1.20: payables and the bank as before.
    const paid = await post('/api/v1/vendor-prepayments', { party_id: vendor, date: '2026-09-02', payment_account_id: bank, amount: 50, exchange_rate: 1.2 });
    const back = await post('/api/v1/vendor-refunds', { party_id: vendor, source: { vendor_prepayment_id: paid.id }, payment_account_id: bank, date: '2026-09-21', amount: 50, exchange_rate: 1.2 });
    expect(back).toMatchObject({ no: 'RF-00002', type: 'Vendor refund' });
    expect(await entriesOf(business, back.id)).toEqual([[[bank, 50, 0, 60, 0], [payable, 0, 50, 0, 60]]]);
    balances = await nets(business);
    expect([balances.get(payable) ?? 0, balances.get(bank)]).toEqual([0, 10]);
    expect((await read(business, `/api/v1/vendors/${vendor}`)).credit_balance).toEqual([]);
  });
});
