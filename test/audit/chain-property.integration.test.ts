import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call, chainSettled, freshBusiness, seedOfCommit, uniqueName } from '../integration/support.ts';

interface Entry {
  readonly seq: number | null;
  readonly action: string;
  readonly record: { readonly type: string; readonly id: string };
  readonly changes: readonly { readonly field: string; readonly from: unknown; readonly to: unknown }[];
}

/** One change a business might make: made on whichever of its records the index picks. */
const change = fc.oneof(
  fc.record({ kind: fc.constant('customer' as const) }),
  fc.record({ kind: fc.constant('rename' as const), index: fc.nat(), name: fc.string({ minLength: 1, maxLength: 20 }).filter((name) => name.trim().length > 0) }),
  fc.record({ kind: fc.constant('email' as const), index: fc.nat(), email: fc.option(fc.constantFrom('a@example.test', 'b@example.test', 'ap@example.test'), { nil: null }) }),
  fc.record({ kind: fc.constant('item' as const), price: fc.integer({ min: 1, max: 99_999 }) }),
  fc.record({ kind: fc.constant('price' as const), index: fc.nat(), price: fc.integer({ min: 1, max: 99_999 }) }),
  fc.record({ kind: fc.constant('invoice' as const), index: fc.nat() }),
  fc.record({ kind: fc.constant('void' as const), index: fc.nat() }),
);

/** A record's fields as its history replays them: each entry's `to`, oldest first. */
function replay(entries: readonly Entry[]): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  for (const entry of [...entries].reverse()) for (const moved of entry.changes) state[moved.field] = moved.to;
  return state;
}

describe('the audit trail, under any sequence of changes', () => {
  it('chains every entry once, verifies whole, and replays every record to its current state for the fields it covers', async () => {
    const seed = Number(process.env.LEDGER_PROPERTY_SEED ?? seedOfCommit());
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 3, maxLength: 10 }), async (changes) => {
        const business = await freshBusiness();
        const key = business.key;
        const send = async (method: string, path: string, body?: unknown) => {
          const answer = await call(method, path, { key, ...(body === undefined ? {} : { body }) });
          expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
          return answer.body.data;
        };
        const customers: string[] = [(await send('POST', '/api/v1/customers', { name: uniqueName('Property') })).id];
        const items: string[] = [];
        const invoices: string[] = [];
        const pick = (list: readonly string[], index: number) => list[index % list.length]!;
        for (const step of changes) {
          if (step.kind === 'customer') customers.push((await send('POST', '/api/v1/customers', { name: uniqueName('Property') })).id);
          else if (step.kind === 'rename') await send('PATCH', `/api/v1/customers/${pick(customers, step.index)}`, { name: step.name });
          else if (step.kind === 'email') await send('PATCH', `/api/v1/customers/${pick(customers, step.index)}`, { email: step.email });
          else if (step.kind === 'item') items.push((await send('POST', '/api/v1/items', { name: uniqueName('Property item'), type: 'service', sale_price: step.price / 100 })).id);
          else if (step.kind === 'price' && items.length > 0) await send('PATCH', `/api/v1/items/${pick(items, step.index)}`, { sale_price: step.price / 100 });
          else if (step.kind === 'invoice') invoices.push((await send('POST', '/api/v1/invoices', { customer_id: pick(customers, step.index), invoice_date: '2026-05-04', lines: [{ description: 'Property', quantity: 1, unit_price: 10 }] })).id);
          else if (step.kind === 'void' && invoices.length > 0) {
            const invoice = pick(invoices, step.index);
            if ((await send('GET', `/api/v1/invoices/${invoice}`)).status !== 'Voided') await send('POST', `/api/v1/invoices/${invoice}/void`, {});
          }
        }
        await chainSettled(business.id);

        // Every entry chained once, gapless from 1, and the whole chain verifies.
        const log = (await send('GET', '/api/v1/audit-log?page_size=200')).items as Entry[];
        expect(log.map((entry) => entry.seq).sort((a, b) => a! - b!)).toEqual(log.map((_, index) => index + 1));
        expect(await send('GET', '/api/v1/audit-log/verify')).toEqual({ checked: log.length, ok: true, first_bad_seq: null, head_seq: log.length, next_from_seq: null });

        // Each record's history, replayed oldest first, gives the fields it covers as the record now has them.
        const historyOf = async (collection: string, id: string) => replay((await send('GET', `/api/v1/${collection}/${id}/history?page_size=200`)).items as Entry[]);
        for (const id of customers) {
          const [now, replayed] = [await send('GET', `/api/v1/customers/${id}`), await historyOf('customers', id)];
          expect({ name: replayed.name, email: replayed.email ?? null }).toEqual({ name: now.name, email: now.email });
        }
        for (const id of items) {
          const [now, replayed] = [await send('GET', `/api/v1/items/${id}`), await historyOf('items', id)];
          expect({ name: replayed.name, sale_price: Number(replayed.sale_price_minor) / 100 }).toEqual({ name: now.name, sale_price: now.sale_price });
        }
        for (const id of invoices) {
          const [now, replayed] = [await send('GET', `/api/v1/invoices/${id}`), await historyOf('invoices', id)];
          expect({ total: replayed.total, voided: replayed.voided_at !== undefined && replayed.voided_at !== null }).toEqual({ total: now.total, voided: now.status === 'Voided' });
        }
      }),
      { numRuns: 6, endOnFailure: true, seed },
    );
  }, 240_000);
});
