import * as v from 'valibot';
import { pageOf } from '../../../shared/domain/fields.ts';
import { Account, AgedReport, AsOfQuery, BalanceSheet, JournalEntry, JournalEntryListQuery, ProfitAndLoss, ProfitAndLossQuery, TrialBalance, TrialBalanceQuery } from '../../../shared/ledger/schemas.ts';
import { defineRoutes } from '../../../shared/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const ledgerRoutes = defineRoutes({
  accountsList: { id: 'accounts.list', method: 'GET', path: '/api/v1/accounts', entry: 'functions/http/ledger/accounts.ts', auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: 'The chart of accounts, by code', tag: 'Ledger', response: v.array(Account) } },
  journalEntriesList: { id: 'journalEntries.list', method: 'GET', path: '/api/v1/journal-entries', entry: 'functions/http/ledger/journal-entries.ts', auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: 'Journal entries, optionally of one document', tag: 'Ledger', query: JournalEntryListQuery, response: pageOf(JournalEntry) } },
  profitAndLossGet: { id: 'profitAndLoss.get', method: 'GET', path: '/api/v1/reports/profit-and-loss', entry: 'functions/http/ledger/profit-and-loss.ts', auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: 'Profit and loss from one date to another, inclusive, per currency (from defaults to 1 January of to\'s year, to to today)', tag: 'Reports', query: ProfitAndLossQuery, response: ProfitAndLoss } },
  balanceSheetGet: { id: 'balanceSheet.get', method: 'GET', path: '/api/v1/reports/balance-sheet', entry: 'functions/http/ledger/balance-sheet.ts', auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: 'Balance sheet as of a date (default today), per currency; equity includes the earnings not yet closed', tag: 'Reports', query: AsOfQuery, response: BalanceSheet } },
  agedReceivablesGet: { id: 'agedReceivables.get', method: 'GET', path: '/api/v1/reports/aged-receivables', entry: 'functions/http/ledger/aged-receivables.ts', auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: 'Open invoices per customer in aging buckets as of a date (default today), per currency', tag: 'Reports', query: AsOfQuery, response: AgedReport } },
  agedPayablesGet: { id: 'agedPayables.get', method: 'GET', path: '/api/v1/reports/aged-payables', entry: 'functions/http/ledger/aged-payables.ts', auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: 'Open bills per vendor in aging buckets as of a date (default today), per currency', tag: 'Reports', query: AsOfQuery, response: AgedReport } },
  trialBalanceGet: { id: 'trialBalance.get', method: 'GET', path: '/api/v1/reports/trial-balance', entry: 'functions/http/ledger/trial-balance.ts', auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: 'Trial balance as of a date, per currency', tag: 'Ledger', query: TrialBalanceQuery, response: TrialBalance } },
});
