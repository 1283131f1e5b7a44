import { newId } from '../../../shared/platform/core/ids.ts';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { drawJournal, emptyJournal } from './journal-pages.ts';
import { ledgerPageRoutes } from './routes.ts';

export const handler = defineDashboardPage(ledgerPageRoutes.journalNew, async ({ viewer }) => drawJournal(viewer, 200, emptyJournal(), newId()));
