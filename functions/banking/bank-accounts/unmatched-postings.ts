import { unmatchedPostingsPage } from '../../../shared/banking/unmatched-postings.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { bankAccountsRoutes } from './routes.ts';

export const handler = defineHandler(bankAccountsRoutes.bankUnmatchedPostings, async ({ businessId, id, query }) => ok('Unmatched postings', await unmatchedPostingsPage(businessId, id, query.as_of, pageRequestOf(query))));
