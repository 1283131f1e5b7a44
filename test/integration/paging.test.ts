import { beforeAll, describe, expect, it } from 'vitest';
import { call, freshBusiness } from './support.ts';
import { eventually, STREAM_LAG_MS } from './receiver.ts';

describe('paging of a party list', () => {
  let key: string;
  const names = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo', 'alpha'];

  beforeAll(async () => {
    ({ key } = await freshBusiness());
    for (const name of names) {
      const answer = await call('POST', '/api/v1/customers', { key, body: { name } });
      expect(answer.status).toBe(201);
    }
  });

  const list = (query: string) => call('GET', `/api/v1/customers${query}`, { key });

  it('defaults to page 1 of 25 with the page block', async () => {
    const answer = await list('');
    expect(answer.body.data.pagination).toEqual({ total_count: 6, page: 1, pageSize: 25, has_next: false, has_prev: false, next_cursor: null });
    expect(answer.body.data.items).toHaveLength(6);
  });

  it('orders by name case-insensitively, then by id, stable across pages', async () => {
    const whole = (await list('?page_size=200')).body.data.items as { id: string; name: string }[];
    expect(whole.map((customer) => customer.name.toLowerCase())).toEqual(['alpha', 'alpha', 'bravo', 'charlie', 'delta', 'echo']);
    const [first, second] = whole.filter((customer) => customer.name.toLowerCase() === 'alpha');
    expect(first!.id < second!.id).toBe(true);
    const paged = [];
    for (let page = 1; page <= 3; page++) paged.push(...(await list(`?page=${page}&page_size=2`)).body.data.items);
    expect(paged).toEqual(whole);
  });

  it('tells has_next and has_prev', async () => {
    expect((await list('?page=1&page_size=2')).body.data.pagination).toEqual({ total_count: 6, page: 1, pageSize: 2, has_next: true, has_prev: false, next_cursor: expect.any(String) });
    expect((await list('?page=2&page_size=2')).body.data.pagination).toMatchObject({ has_next: true, has_prev: true });
    expect((await list('?page=3&page_size=2')).body.data.pagination).toMatchObject({ has_next: false, has_prev: true });
  });

  it('answers a page past the end with no items', async () => {
    const answer = await list('?page=50&page_size=2');
    expect(answer.status).toBe(200);
    expect(answer.body.data.items).toEqual([]);
    expect(answer.body.data.pagination).toMatchObject({ total_count: 6, page: 50, has_next: false, has_prev: true });
  });

  it('clamps page_size above 200 to 200', async () => {
    expect((await list('?page_size=500')).body.data.pagination.pageSize).toBe(200);
  });

  it.each(['page=0', 'page=-1', 'page=1.5', 'page=abc', 'page_size=0', 'page_size=-3', 'page_size=2.5', 'page_size='])('refuses %s with 400 naming the parameter', async (query) => {
    const answer = await list(`?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('validation_error');
    expect(answer.body.details[0].field).toBe(query.split('=')[0]);
  });

  it('refuses an unknown query parameter', async () => {
    const answer = await list('?sort=name');
    expect(answer.status).toBe(400);
    expect(answer.body.details[0]).toEqual({ field: 'sort', message: 'is not a known field' });
  });
});

describe('the other paged lists', () => {
  it.each(['/api/v1/vendors', '/api/v1/bank-feeds/accounts'])('%s uses the same page block and rules', async (path) => {
    const { key } = await freshBusiness();
    const body = path.includes('bank') ? { name: 'Operating', kind: 'bank' } : { name: 'Supplier' };
    expect((await call('POST', path, { key, body })).status).toBe(201);
    const answer = await call('GET', `${path}?page_size=1000`, { key });
    expect(answer.body.data.pagination).toEqual({ total_count: 1, page: 1, pageSize: 200, has_next: false, has_prev: false, next_cursor: null });
    expect((await call('GET', `${path}?page=0`, { key })).status).toBe(400);
  });
});

describe('page numbers of lists by name', () => {
  it('every page of every size is the same slice of the whole list, through shared prefixes, duplicates, renames and any script', async () => {
    const { key } = await freshBusiness();
    // Beyond the slack of the rank tree (50) under one prefix, beyond its depth (24 code points), and across scripts.
    const names = [
      ...Array.from({ length: 60 }, (_, i) => `Customer ${String(i * 7 % 60).padStart(3, '0')}`),
      ...Array.from({ length: 60 }, (_, i) => `Northwind Traders International — branch ${i}`),
      'Same', 'same', 'SAME', 'Émile', 'émile', 'Zoë', '日本商事', '𠀋 Shoten', 'ｚenkaku', 'a', 'A b', '',
    ].filter((name) => name !== '');
    const ids: string[] = [];
    for (const name of names) {
      const created = await call('POST', '/api/v1/customers', { key, body: { name } });
      expect(created.status).toBe(201);
      ids.push(created.body.data.id);
    }
    for (const [index, name] of [[0, 'Aardvark'], [61, 'Customer 999'], [70, 'zulu'], [121, 'Northwind Traders International — branch 5']] as const) {
      expect((await call('PATCH', `/api/v1/customers/${ids[index]}`, { key, body: { name } })).status).toBe(200);
    }
    const whole = (await call('GET', '/api/v1/customers?page_size=200', { key })).body.data;
    expect(whole.pagination.total_count).toBe(names.length);
    const order = whole.items.map((customer: { name: string }) => customer.name);
    expect(order[0]).toBe('a');
    expect(order.indexOf('Aardvark')).toBe(2);
    // NFKC folds ｚ into z; 𠀋 (beyond U+FFFF) stays, and DynamoDB orders it after every name of the basic plane.
    expect(order.at(-1)).toBe('𠀋 Shoten');
    for (const size of [7, 25, 50]) {
      for (let page = 1; page <= Math.ceil(names.length / size) + 1; page++) {
        const answer = (await call('GET', `/api/v1/customers?page=${page}&page_size=${size}`, { key })).body.data;
        expect(answer.items.map((customer: { id: string }) => customer.id), `page ${page} of ${size}`).toEqual(whole.items.slice((page - 1) * size, page * size).map((customer: { id: string }) => customer.id));
        expect(answer.pagination.total_count).toBe(names.length);
      }
    }
  }, 60_000);

  it('a page more than 400 records from the end is walked down the rank tree, a nearer one read backwards from the end: both the same slices', async () => {
    const { key } = await freshBusiness();
    const names = Array.from({ length: 470 }, (_, i) => `Vendor ${String((i * 37) % 470).padStart(3, '0')}`);
    for (let at = 0; at < names.length; at += 10) {
      await Promise.all(names.slice(at, at + 10).map(async (name) => expect((await call('POST', '/api/v1/vendors', { key, body: { name } })).status).toBe(201)));
    }
    const whole = [...(await call('GET', '/api/v1/vendors?page_size=200', { key })).body.data.items, ...(await call('GET', '/api/v1/vendors?page_size=200&page=2', { key })).body.data.items, ...(await call('GET', '/api/v1/vendors?page_size=200&page=3', { key })).body.data.items];
    expect(whole.map((vendor: { name: string }) => vendor.name)).toEqual([...names].sort());
    // Page 2 of 30 starts 440 from the end (walked); page 3, 410 (walked); page 4, 380 (read backwards); the last, 20.
    for (const page of [2, 3, 4, 15, 16, 17]) {
      const answer = (await call('GET', `/api/v1/vendors?page=${page}&page_size=30`, { key })).body.data;
      expect(answer.items.map((vendor: { id: string }) => vendor.id), `page ${page}`).toEqual(whole.slice((page - 1) * 30, page * 30).map((vendor: { id: string }) => vendor.id));
      expect(answer.pagination.total_count).toBe(names.length);
    }
  }, 120_000);
});

describe('cursor paging', () => {
  it('walks a whole list with next_cursor, no gap and no repeat, even while records are added before the cursor', async () => {
    const { key } = await freshBusiness();
    for (const name of ['b1', 'b2', 'b3', 'b4', 'b5']) expect((await call('POST', '/api/v1/customers', { key, body: { name } })).status).toBe(201);
    const seen: string[] = [];
    let answer = await call('GET', '/api/v1/customers?page_size=2', { key });
    seen.push(...answer.body.data.items.map((item: { name: string }) => item.name));
    // Added before the walk's position: an offset walk would repeat b2; a cursor continues after b2.
    expect((await call('POST', '/api/v1/customers', { key, body: { name: 'a0' } })).status).toBe(201);
    while (answer.body.data.pagination.next_cursor) {
      answer = await call('GET', `/api/v1/customers?page_size=2&cursor=${answer.body.data.pagination.next_cursor}`, { key });
      expect(answer.status, answer.text).toBe(200);
      seen.push(...answer.body.data.items.map((item: { name: string }) => item.name));
    }
    expect(seen).toEqual(['b1', 'b2', 'b3', 'b4', 'b5']);
    expect(answer.body.data.pagination).toMatchObject({ total_count: 6, has_next: false, next_cursor: null });
  });

  it('refuses a cursor it did not give out, and one of another list, naming cursor', async () => {
    const { key } = await freshBusiness();
    expect((await call('POST', '/api/v1/customers', { key, body: { name: 'one' } })).status).toBe(201);
    expect((await call('POST', '/api/v1/customers', { key, body: { name: 'two' } })).status).toBe(201);
    const garbage = await call('GET', '/api/v1/customers?cursor=%7Bnope', { key });
    expect(garbage.status).toBe(400);
    expect(garbage.body.details[0].field).toBe('cursor');
    const customersCursor = (await call('GET', '/api/v1/customers?page_size=1', { key })).body.data.pagination.next_cursor;
    const elsewhere = await call('GET', `/api/v1/invoices?cursor=${customersCursor}`, { key });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.details[0].field).toBe('cursor');
  });
});

describe('page numbers of lists by date', () => {
  const dates = ['2025-12-31', '2026-01-01', '2026-01-01', '2026-01-15', '2026-01-31', '2026-02-01', '2026-02-01', '2026-02-01', '2026-02-28', '2026-03-01', '2026-03-02', '2027-01-01'];
  let key: string;
  let businessId: string;
  let whole: { id: string; invoice_date: string }[];

  beforeAll(async () => {
    ({ key, id: businessId } = await freshBusiness());
    const customer = (await call('POST', '/api/v1/customers', { key, body: { name: 'Dated' } })).body.data.id;
    // Out of date order on purpose: numbers and dates disagree, as with backdated invoices.
    for (const date of [...dates].reverse()) {
      expect((await call('POST', '/api/v1/invoices', { key, body: { customer_id: customer, invoice_date: date, lines: [{ description: 'x', quantity: 1, unit_price: 1 }] } })).status).toBe(201);
    }
    whole = (await call('GET', '/api/v1/invoices?page_size=200', { key })).body.data.items;
  });

  it('lists by date, and every page of every size is the same slice of the whole list', async () => {
    expect(whole.map((invoice) => invoice.invoice_date)).toEqual(dates);
    for (const size of [1, 2, 5]) {
      for (let page = 1; page <= Math.ceil(dates.length / size) + 1; page++) {
        const answer = await call('GET', `/api/v1/invoices?page=${page}&page_size=${size}`, { key });
        expect(answer.body.data.items.map((item: { id: string }) => item.id), `page ${page} of ${size}`).toEqual(whole.slice((page - 1) * size, page * size).map((item) => item.id));
        expect(answer.body.data.pagination.total_count).toBe(dates.length);
      }
    }
  });

  it.each([
    ['2026-01-01', '2026-02-01'],
    ['2026-01-02', '2026-02-28'],
    ['2026-02-01', '2026-02-01'],
    ['2026-01-20', undefined],
    [undefined, '2026-01-31'],
    ['2028-01-01', undefined],
  ])('a date range from %s to %s counts exactly and pages by number', async (from, to) => {
    const expected = whole.filter((invoice) => (!from || invoice.invoice_date >= from) && (!to || invoice.invoice_date <= to));
    const query = `${from ? `&from=${from}` : ''}${to ? `&to=${to}` : ''}`;
    const seen: string[] = [];
    for (let page = 1; page <= expected.length + 1; page++) {
      const answer = await call('GET', `/api/v1/invoices?page=${page}&page_size=1${query}`, { key });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.data.pagination.total_count).toBe(expected.length);
      seen.push(...answer.body.data.items.map((item: { id: string }) => item.id));
    }
    expect(seen).toEqual(expected.map((invoice) => invoice.id));
  });

  it("locates a far page from the list's counter alone, whose months sum to its years; a counter kept before its months were reads them from the period items, to the same slices", async () => {
    const { db, tableName } = await import('../../shared/platform/db/client.ts');
    const { GetCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { counterKey } = await import('../../shared/platform/db/keys.ts');
    const { listDocuments } = await import('../../shared/documents/documents.ts');
    const { pageRequest } = await import('../../shared/platform/core/paging.ts');
    const counter = counterKey(businessId as never, 'DOC', 'invoice');
    const stored = (await db().send(new GetCommand({ TableName: tableName(), Key: counter, ConsistentRead: true }))).Item!;
    expect([stored['y:2026'], stored['m:2026-01'], stored['m:2026-02'], stored['m:2026-03']]).toEqual([10, 4, 4, 2]);
    let monthQueries = 0;
    db().middlewareStack.add(
      (next) => async (args) => {
        if (JSON.stringify(args.input).includes('"M#')) monthQueries++;
        return next(args);
      },
      { step: 'initialize', name: 'monthQueries' },
    );
    const pages = async () => {
      const slices: string[][] = [];
      for (let page = 1; page <= dates.length; page++) slices.push((await listDocuments('invoice', businessId as never, { page, page_size: 1 }, pageRequest(page, 1, undefined))).items.map((item) => item.id));
      return slices;
    };
    try {
      expect(await pages()).toEqual(whole.map((invoice) => [invoice.id]));
      expect(monthQueries).toBe(0);
      // As a counter written before months were kept on it: its years only.
      const months = Object.keys(stored).filter((name) => name.startsWith('m:'));
      await db().send(new UpdateCommand({ TableName: tableName(), Key: counter, UpdateExpression: `REMOVE ${months.map((_, index) => `#m${index}`).join(', ')}`, ExpressionAttributeNames: Object.fromEntries(months.map((name, index) => [`#m${index}`, name])) }));
      expect(await pages()).toEqual(whole.map((invoice) => [invoice.id]));
      expect(monthQueries).toBeGreaterThan(0);
    } finally {
      db().middlewareStack.remove('monthQueries');
    }
  });

  it('the journal lists by date and pages by number the same way', async () => {
    const all = (await call('GET', '/api/v1/journal-entries?page_size=200', { key })).body.data.items as { id: string; date: string }[];
    expect(all.map((entry) => entry.date)).toEqual(dates);
    const third = await call('GET', '/api/v1/journal-entries?page=3&page_size=4', { key });
    expect(third.body.data.items.map((entry: { id: string }) => entry.id)).toEqual(all.slice(8, 12).map((entry) => entry.id));
  });
  it("one party's list pages by number and by date range the same way, counted apart from the others'", async () => {
    const other = (await call('POST', '/api/v1/customers', { key, body: { name: 'Other' } })).body.data.id;
    for (const date of ['2026-01-01', '2026-02-01']) {
      expect((await call('POST', '/api/v1/invoices', { key, body: { customer_id: other, invoice_date: date, lines: [{ description: 'y', quantity: 1, unit_price: 1 }] } })).status).toBe(201);
    }
    const mine = whole[0] as { customer_id?: string };
    const customer = mine.customer_id!;
    for (const [query, expected] of [
      [`customer_id=${customer}`, whole],
      [`customer_id=${customer}&from=2026-01-15&to=2026-03-01`, whole.filter((invoice) => invoice.invoice_date >= '2026-01-15' && invoice.invoice_date <= '2026-03-01')],
      [`customer_id=${customer}&from=2025-12-31&to=2026-01-31`, whole.filter((invoice) => invoice.invoice_date >= '2025-12-31' && invoice.invoice_date <= '2026-01-31')],
      [`customer_id=${other}`, null],
    ] as const) {
      const all = (await call('GET', `/api/v1/invoices?page_size=200&${query}`, { key })).body.data;
      if (expected) expect(all.items.map((item: { id: string }) => item.id)).toEqual(expected.map((item) => item.id));
      else expect(all.items.map((item: { invoice_date: string }) => item.invoice_date)).toEqual(['2026-01-01', '2026-02-01']);
      for (let page = 1; page <= all.items.length + 1; page++) {
        const answer = await call('GET', `/api/v1/invoices?page=${page}&page_size=1&${query}`, { key });
        expect(answer.body.data.pagination.total_count, query).toBe(all.items.length);
        expect(answer.body.data.items.map((item: { id: string }) => item.id), `${query} page ${page}`).toEqual(all.items.slice(page - 1, page).map((item: { id: string }) => item.id));
      }
    }
  });

  it('an open status filter lists what is open, in list order, and a closed one what is closed', async () => {
    const customer = (whole[0] as { customer_id?: string }).customer_id!;
    const bank = (await call('POST', '/api/v1/bank-feeds/accounts', { key, body: { name: 'Status bank', kind: 'bank' } })).body.data.id;
    const [paid, part] = [whole[3]!, whole[7]!];
    const pay = (id: string, amount: number) => call('POST', '/api/v1/receipts', { key, body: { party_id: customer, date: '2027-02-01', payment_account_id: bank, allocations: [{ document_id: id, amount }] } });
    expect((await pay(paid.id, 1)).status).toBe(201);
    expect((await pay(part.id, 0.5)).status).toBe(201);
    const everything = (await call('GET', '/api/v1/invoices?page_size=200', { key })).body.data.items as { id: string; status: string; invoice_date: string; customer_id: string }[];
    for (const [status, query] of [['Open', ''], ['PartiallyPaid', ''], ['Paid', ''], ['Open', `&customer_id=${customer}&from=2026-01-15&to=2026-03-01`]] as const) {
      const expected = everything.filter((invoice) => invoice.status === status && (!query || (invoice.customer_id === customer && invoice.invoice_date >= '2026-01-15' && invoice.invoice_date <= '2026-03-01')));
      const read = async () => (await call('GET', `/api/v1/invoices?page_size=200&status=${status}${query}`, { key })).body.data;
      // Open and part-paid are read from the open documents at once; a closed status from the status projection,
      // which lists a change within about a second.
      if (status === 'Paid') await eventually(async () => (await read()).pagination.total_count === expected.length, STREAM_LAG_MS);
      const answer = await read();
      expect(answer.items.map((item: { id: string }) => item.id), `${status}${query}`).toEqual(expected.map((item) => item.id));
      expect(answer.pagination.total_count).toBe(expected.length);
    }
    expect(everything.find((invoice) => invoice.id === paid.id)?.status).toBe('Paid');
    expect(everything.find((invoice) => invoice.id === part.id)?.status).toBe('PartiallyPaid');
  });
});
