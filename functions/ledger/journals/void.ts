import { voidWithFiles } from '../../../shared/attachments/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { voidJournal } from '../../../shared/ledger/journals.ts';
import { journalsRoutes } from './routes.ts';

export const handler = defineHandler(journalsRoutes.void, async ({ businessId, credential, id, body }) => ok('Journal voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'journal', id }, body, (input) => voidJournal(businessId, id, input))));
