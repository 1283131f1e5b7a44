import { listLines } from '../../../shared/banking/lines.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { pageRequestOf } from '../../../shared/http/fields.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler('bankLines.list', async ({ businessId, id, query }) => ok('Statement lines', await listLines(businessId, id, pageRequestOf(query))));
