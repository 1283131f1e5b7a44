import { BANK_ACCOUNT_FIELDS } from '../../../shared/banking/pages/banking-fields.ts';
import { createBankAccount } from '../../../shared/banking/bank-accounts.ts';
import { BankAccountCreate } from '../../../shared/banking/schemas.ts';
import type { CreatePages } from '../../../shared/access/index.ts';

/** A bank or cash account, made in the dashboard through the API's schema and use case (it is never edited, as in the API). */
export const bankAccountPages: CreatePages<typeof BankAccountCreate> = {
  noun: 'bank or cash account',
  base: '/dashboard/banking',
  createAction: '/dashboard/banking/accounts',
  fields: { create: BANK_ACCOUNT_FIELDS },
  schemas: { create: BankAccountCreate },
  create: createBankAccount,
};
