import { getLine, toLineResource } from '../../../shared/banking/lines.ts';
import { suggestionsFor } from '../../../shared/banking/suggestions.ts';
import type { Viewer } from '../../../shared/platform/web/viewer.ts';
import { bankLinePage } from '../../../shared/banking/pages/banking.tsx';
import type { Id } from '../../../shared/platform/core/ids.ts';
import { chartOfAccounts } from '../../../shared/ledger/accounts.ts';
import { recordHistoryFor } from '../../../shared/audit/record-history.ts';

/** The accounts a line may be categorized against: live, not receivables or payables, not the line's own. */
const CATEGORIZE_REFUSED = new Set(['accounts_receivable', 'accounts_payable']);

/** One line's page: its suggestions (only what the person may read), the accounts to categorize it against, its history. */
export async function linePage(viewer: Viewer, id: Id, problem?: string): Promise<string> {
  const stored = await getLine(viewer.business.id, id);
  const [suggestions, chart, history] = await Promise.all([suggestionsFor(viewer.business.id, id, viewer.scopes), chartOfAccounts(viewer.business.id), recordHistoryFor(viewer, 'bank_line', id)]);
  return bankLinePage({ viewer, line: toLineResource(stored.record), suggestions, accounts: categorizeChoices(chart, stored.record.account_id), history, problem });
}

/** The accounts a line (of the account `lineAccount`, or of any) may be categorized against, named by code and name. */
export function categorizeChoices(chart: Awaited<ReturnType<typeof chartOfAccounts>>, lineAccount?: string) {
  return chart.filter((account) => !account.archived && account.id !== lineAccount && !(account.system_role && CATEGORIZE_REFUSED.has(account.system_role))).map((account) => ({ id: account.id, name: `${account.code ?? ''} ${account.name}`.trim() }));
}
