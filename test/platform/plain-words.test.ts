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
    expect(plainWords({ field: 'lines[0].quantity', message: 'must be positive' })).toBe('Enter a number above zero');
    expect(plainWords({ field: 'billing_address.country', message: 'must be an ISO 3166-1 alpha-2 country code' })).toBe('Use the two-letter country code, such as GB or US');
    expect(plainWords({ field: 'lines', message: 'must have at least one line' })).toBe('Add at least one line');
    expect(plainWords({ field: 'due_date', message: 'must not be before invoice_date' })).toBe('must not be before invoice_date');
  });

  it('says what to choose again when a chosen record no longer exists, and keeps it as it is for a field that is not a choice', () => {
    expect(plainWords({ field: 'customer_id', message: 'does not exist' })).toBe('Choose a customer: that one no longer exists');
    expect(plainWords({ field: 'allocations[0].document_id', message: 'does not exist' })).toBe('Choose a document: that one no longer exists');
    expect(plainWords({ field: 'money_id', message: 'does not exist' })).toBe('does not exist');
  });
});
