import { describe, expect, it } from 'vitest';
import { WriteTransaction } from '../../shared/platform/db/transaction.ts';

// The writes name the table; nothing here is sent.
process.env.TABLE_NAME ??= 'unit-table';

describe('WriteTransaction.append', () => {
  it('takes the other transaction\'s writes, merging counts of the same item into one write', () => {
    const tx = new WriteTransaction().put('a', { pk: 'P', sk: 'x' }).tally('count', { pk: 'C', sk: 'day' }, { n: 1 });
    const part = new WriteTransaction().put('b', { pk: 'P', sk: 'y' }).tally('count', { pk: 'C', sk: 'day' }, { n: 1 }).tally('count', { pk: 'C', sk: 'year' }, { n: 2 });
    expect(part.size).toBe(3);
    expect(tx.append(part).size).toBe(4);
  });

  it('drops a count item whose merged deltas cancel out', () => {
    const tx = new WriteTransaction().tally('count', { pk: 'C', sk: 'day' }, { n: 1 });
    expect(tx.append(new WriteTransaction().tally('count', { pk: 'C', sk: 'day' }, { n: -1 })).size).toBe(0);
  });

  it('keeps a count item whose deltas cancel out when it also sets an attribute: what describes the counts is still written', () => {
    const tx = new WriteTransaction().tally('count', { pk: 'C', sk: 'day' }, { n: 1 }, { about: { name: 'first' } });
    expect(tx.append(new WriteTransaction().tally('count', { pk: 'C', sk: 'day' }, { n: -1 }, { about: { name: 'second' } })).size).toBe(1);
  });
});

describe('WriteTransaction.commit', () => {
  it('refuses, before sending anything, a transaction that writes one item twice, naming both writes and the item', async () => {
    const tx = new WriteTransaction().put('PROJ:STATUS:marker', { pk: 'P', sk: '@1' }).put('other', { pk: 'P', sk: '@2' }).delete('PROJ:STATUS:leave', { pk: 'P', sk: '@1' });
    await expect(tx.commit()).rejects.toThrow('One transaction writes P @1 twice: PROJ:STATUS:marker and PROJ:STATUS:leave');
  });
});
