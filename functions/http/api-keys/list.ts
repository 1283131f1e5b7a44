import { defineHandler } from '../../../shared/http/define-handler.ts';
import { apiKeysRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { ok } from '../../../shared/http/responses.ts';
import { listApiKeys } from '../../../shared/keys/manage.ts';

export const handler = defineHandler(apiKeysRoutes.list, async ({ businessId, query }) => ok('API keys', await listApiKeys(businessId, pageRequestOf(query))));
