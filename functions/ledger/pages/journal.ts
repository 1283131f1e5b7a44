import { defineDashboardPage } from '../../../shared/access/index.ts';
import { RecordFiles, recordFilesFor } from '../../../shared/attachments/index.ts';
import { RecordHistory, recordHistoryFor } from '../../../shared/audit/index.ts';
import { chartOfAccounts } from '../../../shared/ledger/accounts.ts';
import { getJournalOrDraft } from '../../../shared/ledger/journal-drafts.ts';
import { journalPage } from '../../../shared/ledger/pages/journals.tsx';
import { listTrackingCategories } from '../../../shared/ledger/tracking/categories.ts';
import { noticeOf } from '../../../shared/sales/index.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { ledgerPageRoutes } from './routes.ts';

/** One manual journal, read beside the names its lines need, its files and its history. */
export const handler = defineDashboardPage(ledgerPageRoutes.journal, async ({ viewer, id, event }) => {
  const [journal, chart, categories, files, history] = await Promise.all([getJournalOrDraft(viewer.business.id, id), chartOfAccounts(viewer.business.id), listTrackingCategories(viewer.business.id), recordFilesFor(viewer, 'journal', id), recordHistoryFor(viewer, 'journal', id)]);
  const accounts = new Map(chart.map((account) => [account.id as string, `${account.code ?? ''} ${account.name}`.trim()]));
  const options = new Map(categories.items.flatMap((category) => category.options.map((option) => [option.id as string, `${category.name}: ${option.name}`] as const)));
  // A draft is not a record files attach to (the API's attachments name posted journals): they come with approval.
  const below = [files && journal.status !== 'draft' ? RecordFiles({ viewer, view: files }) : null, history ? RecordHistory({ entries: history.entries, more: history.more }) : null];
  return html(200, journalPage({ viewer, journal, names: { accounts, options }, below, notice: noticeOf(event.queryStringParameters?.notice) }));
});
