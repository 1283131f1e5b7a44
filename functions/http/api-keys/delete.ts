import { defineHandler } from '../../../shared/http/define-handler.ts';
import { apiKeysRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';
import { deleteApiKey } from '../../../shared/keys/manage.ts';

export const handler = defineHandler(apiKeysRoutes.delete, async ({ businessId, id }) => ok('API key revoked', await deleteApiKey(businessId, id)));
