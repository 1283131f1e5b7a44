import { getLine, toLineResource } from '../../../shared/banking/lines.ts';
import { suggestionsFor } from '../../../shared/banking/suggestions.ts';
import type { Viewer } from '../../../shared/platform/web/viewer.ts';
import { bankLinePage } from '../../../shared/banking/pages/banking.tsx';
import type { Id } from '../../../shared/platform/core/ids.ts';
import { chartOfAccounts } from '../../../shared/ledger/index.ts';
import { recordHistoryFor } from '../../../shared/audit/index.ts';
import { recordFilesFor } from '../../../shared/attachments/index.ts';

/** The accounts a line may be categorized against: live, not receivables or payables, not a bank or cash account. */
const CATEGORIZE_REFUSED = new Set(['accounts_receivable', 'accounts_payable']);

/** One line's page: its suggestions (only what the person may read), the accounts to categorize it against, its files and history. */
export async function linePage(viewer: Viewer, id: Id, outcome: { readonly problem?: string; readonly notice?: string | undefined } = {}): Promise<string> {
  const stored = await getLine(viewer.business.id, id);
  const [suggestions, chart, history, files] = await Promise.all([suggestionsFor(viewer.business.id, id, viewer.scopes), chartOfAccounts(viewer.business.id), recordHistoryFor(viewer, 'bank_line', id), recordFilesFor(viewer, 'bank_line', id)]);
  return bankLinePage({ viewer, line: toLineResource(stored.record), suggestions, accounts: categorizeChoices(chart), history, files, ...outcome });
}

/**
 * The accounts a line may be categorized against, named by code and name. No bank or cash account, the line's own
 * or another (in another currency, or its own): categorizing to one is refused, money between them is a transfer.
 */
export function categorizeChoices(chart: Awaited<ReturnType<typeof chartOfAccounts>>) {
  return chart.filter((account) => !account.archived && !account.cash_flow && !(account.system_role && CATEGORIZE_REFUSED.has(account.system_role))).map((account) => ({ id: account.id, name: `${account.code ?? ''} ${account.name}`.trim() }));
}
