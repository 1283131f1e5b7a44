import { describe, expect, it } from 'vitest';
import { plainWords } from '../../shared/platform/core/plain-words.ts';

describe('refusals in plain words', () => {
  it('says what to choose where the API says an id is not a UUID', () => {
    expect(plainWords({ field: 'customer_id', message: 'must be a UUID' })).toBe('Choose a customer');
    expect(plainWords({ field: 'lines[2].account_id', message: 'must be a UUID' })).toBe('Choose an account');
    expect(plainWords({ field: 'something_id', message: 'must be a UUID' })).toBe('Choose one from the list');
  });

  it("says how many decimal places a currency takes", () => {
    expect(plainWords({ field: 'amount', message: 'must have at most the minor digits of USD' })).toBe('Use at most 2 decimal places for USD');
    expect(plainWords({ field: 'amount', message: 'must have at most the minor digits of JPY' })).toBe('Use whole amounts in JPY');
    expect(plainWords({ field: 'amount', message: 'must have at most the minor digits of KWD' })).toBe('Use at most 3 decimal places for KWD');
  });

  it('turns the common rules into what to do, and keeps any other message as it is', () => {
    expect(plainWords({ field: 'date', message: 'must be a calendar date written YYYY-MM-DD' })).toBe('Enter a real date, as YYYY-MM-DD');
    expect(plainWords({ field: 'name', message: 'is required' })).toBe('Fill this in');
    expect(plainWords({ field: 'lines[0].quantity', message: 'must be positive' })).toBe('must be positive');
  });
});
