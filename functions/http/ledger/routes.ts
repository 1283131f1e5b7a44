import * as v from 'valibot';
import { pageOf } from '../../../shared/domain/fields.ts';
import { Account, JournalEntry, JournalEntryListQuery, TrialBalance, TrialBalanceQuery } from '../../../shared/ledger/schemas.ts';
import { defineRoutes } from '../../../shared/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const ledgerRoutes = defineRoutes({
  accountsList: { id: 'accounts.list', method: 'GET', path: '/api/v1/accounts', entry: 'functions/http/ledger/accounts.ts', auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: 'The chart of accounts, by code', tag: 'Ledger', response: v.array(Account) } },
  journalEntriesList: { id: 'journalEntries.list', method: 'GET', path: '/api/v1/journal-entries', entry: 'functions/http/ledger/journal-entries.ts', auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: 'Journal entries, optionally of one document', tag: 'Ledger', query: JournalEntryListQuery, response: pageOf(JournalEntry) } },
  trialBalanceGet: { id: 'trialBalance.get', method: 'GET', path: '/api/v1/reports/trial-balance', entry: 'functions/http/ledger/trial-balance.ts', auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: 'Trial balance as of a date, per currency', tag: 'Ledger', query: TrialBalanceQuery, response: TrialBalance } },
});
