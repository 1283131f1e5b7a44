import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { apiKeysRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { deleteApiKey } from '../../../shared/access/keys/manage.ts';

export const handler = defineHandler(apiKeysRoutes.delete, async ({ businessId, id }) => ok('API key revoked', await deleteApiKey(businessId, id)));
