import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { apiKeysRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { listApiKeys } from '../../../shared/access/keys/manage.ts';

export const handler = defineHandler(apiKeysRoutes.list, async ({ businessId, query }) => ok('API keys', await listApiKeys(businessId, pageRequestOf(query))));
