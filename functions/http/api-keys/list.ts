import { defineHandler } from '../../../shared/http/define-handler.ts';
import { pageRequestOf } from '../../../shared/http/fields.ts';
import { ok } from '../../../shared/http/responses.ts';
import { listApiKeys } from '../../../shared/keys/manage.ts';

export const handler = defineHandler('apiKeys.list', async ({ businessId, query }) => ok('API keys', await listApiKeys(businessId, pageRequestOf(query))));
