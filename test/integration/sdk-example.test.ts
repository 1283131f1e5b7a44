import { describe, expect, it } from 'vitest';
import { quickstart } from '../../sdk/examples/quickstart.ts';
import { freshBusiness, runtime } from './support.ts';

describe('the SDK example program', () => {
  it('creates a customer and an invoice, records a receipt once under one Idempotency-Key, verifies the webhook and reads the feed', async () => {
    const { key } = await freshBusiness();
    const lines: string[] = [];
    const result = await quickstart({ baseUrl: runtime.baseUrl, token: key, log: (line) => lines.push(line) });
    expect(result.invoice.status).toBe('Paid');
    expect(result.receipts[0]).toBe(result.receipts[1]);
    expect(result.webhooks.map((event) => event.type)).toEqual(['receipt.created']);
    expect(result.feed.map((event) => event.type)).toEqual(expect.arrayContaining(['customer.created', 'invoice.created', 'receipt.created', 'invoice.paid']));
    expect(result.feed.filter((event) => event.type === 'receipt.created')).toHaveLength(1);
    expect(lines.join('\n')).toMatch(/retried: same receipt/);
  }, 60_000);
});
