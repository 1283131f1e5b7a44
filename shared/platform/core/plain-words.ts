/**
 * A refusal in the words of the person filling a form: the API names a rule as an integrator reads it ("must be a
 * UUID", "must have at most the minor digits of USD"); a business owner needs to know what to do ("Choose a
 * customer", "Use at most 2 decimal places"). Messages it does not know are kept as they are.
 */
import type { FieldProblem } from './errors.ts';
import { minorDigits } from './money.ts';

/** What a field that takes an id is a choice of, by the last part of its name. */
const CHOICE_OF: Readonly<Record<string, string>> = {
  customer_id: 'a customer',
  vendor_id: 'a vendor',
  party_id: 'a customer or vendor',
  account_id: 'an account',
  payment_account_id: 'the account the money went through',
  item_id: 'an item',
  document_id: 'a document',
};

const lastPart = (field: string) => field.split('.').at(-1)!.replace(/\[\d+\]$/, '');

export function plainWords(problem: FieldProblem): string {
  const { message } = problem;
  if (message === 'must be a UUID') return `Choose ${CHOICE_OF[lastPart(problem.field)] ?? 'one from the list'}`;
  const digits = /^must have at most the minor digits of ([A-Z]{3})$/.exec(message);
  if (digits) {
    const places = minorDigits(digits[1]!);
    return places === 0 ? `Use whole amounts in ${digits[1]}` : `Use at most ${places} decimal place${places === 1 ? '' : 's'} for ${digits[1]}`;
  }
  if (message === 'does not exist' && CHOICE_OF[lastPart(problem.field)]) return `Choose ${CHOICE_OF[lastPart(problem.field)]}: that one no longer exists`;
  return SAID_PLAINLY[message] ?? message;
}

/** The rules every form shares, as the person filling it reads them. */
const SAID_PLAINLY: Readonly<Record<string, string>> = {
  'must be a calendar date written YYYY-MM-DD': 'Enter a real date, as YYYY-MM-DD',
  'must be a number': 'Enter a number',
  'must be a finite number': 'Enter a number',
  'must be a whole number': 'Enter a whole number',
  'must be positive': 'Enter a number above zero',
  'must be greater than zero': 'Enter a number above zero',
  'must not be negative': 'Enter zero or more',
  'is required': 'Fill this in',
  'must not be empty': 'Fill this in',
  'must be an email address': 'Enter an e-mail address, such as name@example.com',
  'must be an ISO 3166-1 alpha-2 country code': 'Use the two-letter country code, such as GB or US',
  'must be a scheme of the CEF EAS code list (e.g. 0088, 0208, 9930)': 'Use the four-digit scheme code of the e-invoice address, such as 0088 (GLN) or 9930 (German VAT number)',
  'must be an ISO 4217 currency code': 'Use the three-letter currency code, such as USD or EUR',
  'is archived': 'This one is archived: choose another',
  'must have at least one line': 'Add at least one line',
  'must have at least one allocation': 'Settle at least one invoice or bill',
  'must not be after to': 'Choose a start on or before the end',
};
