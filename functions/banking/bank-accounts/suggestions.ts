import { suggestionsFor } from '../../../shared/banking/suggestions.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { bankAccountsRoutes } from './routes.ts';

export const handler = defineHandler(bankAccountsRoutes.bankLinesSuggestions, async ({ businessId, id, credential }) => ok('Suggestions', await suggestionsFor(businessId, id, credential.scopes)));
