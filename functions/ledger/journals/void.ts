import { voidWithFiles } from '../../../shared/attachments/void-files.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { voidJournal } from '../../../shared/ledger/journals.ts';
import { journalsRoutes } from './routes.ts';

export const handler = defineHandler(journalsRoutes.void, async ({ businessId, credential, id, body }) => ok('Journal voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'journal', id }, body, (input) => voidJournal(businessId, id, input))));
