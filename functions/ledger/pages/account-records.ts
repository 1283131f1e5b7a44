import { ACCOUNT_EDIT_FIELDS, ACCOUNT_FIELDS } from '../../../shared/ledger/pages/record-fields.ts';
import { createAccount, getAccount, updateAccount } from '../../../shared/ledger/chart.ts';
import { AccountCreate, AccountPatch } from '../../../shared/ledger/schemas.ts';
import type { RecordPages } from '../../../shared/access/index.ts';

export const accountRecordPages: RecordPages<typeof AccountCreate, typeof AccountPatch> = {
  noun: 'account',
  base: '/dashboard/accounts',
  fields: { create: ACCOUNT_FIELDS, edit: ACCOUNT_EDIT_FIELDS },
  schemas: { create: AccountCreate, edit: AccountPatch },
  load: getAccount,
  auditType: 'account',
  create: createAccount,
  update: updateAccount,
};
