/** The bank rules page, drawn by its GET and again, with a refusal, by the form's POST. */
import { listBankRules } from '../../../shared/banking/rules.ts';
import type { Viewer } from '../../../shared/platform/web/viewer.ts';
import { bankRulesPage, type RuleChoices } from '../../../shared/banking/pages/bank-rules.tsx';
import type { FormEntry } from '../../../shared/platform/web/form-entry.tsx';
import type { Id } from '../../../shared/platform/core/ids.ts';
import { pageRequest, type PageRequest } from '../../../shared/platform/core/paging.ts';
import { chartOfAccounts } from '../../../shared/ledger/index.ts';
import { parties } from '../../../shared/parties/index.ts';
import { categorizeChoices } from './line-page.ts';

/** How many customers and how many vendors the form offers (the first by name: bounded however many there are). */
const PARTIES_OFFERED = 100;

async function ruleChoices(businessId: Id): Promise<RuleChoices> {
  const first = pageRequest(1, PARTIES_OFFERED, undefined);
  const [chart, customers, vendors] = await Promise.all([chartOfAccounts(businessId), parties('customer').store.page(businessId, first), parties('vendor').store.page(businessId, first)]);
  return {
    cash: chart.filter((account) => account.cash_flow && account.currency && !account.archived).map((account) => ({ id: account.id, name: `${account.name} (${account.currency})` })),
    accounts: categorizeChoices(chart),
    parties: [...customers.items.map((party) => ({ id: party.id, name: party.name, kind: 'customer' as const })), ...vendors.items.map((party) => ({ id: party.id, name: party.name, kind: 'vendor' as const }))],
  };
}

export async function drawRules(viewer: Viewer, page: PageRequest, drawn: { readonly notice?: string | undefined; readonly entry?: FormEntry } = {}) {
  const [rules, choices] = await Promise.all([listBankRules(viewer.business.id, page), ruleChoices(viewer.business.id)]);
  return bankRulesPage({ viewer, rules, choices, ...drawn });
}
