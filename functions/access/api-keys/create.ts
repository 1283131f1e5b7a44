import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { apiKeysRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';
import { createApiKey } from '../../../shared/access/keys/manage.ts';

export const handler = defineHandler(apiKeysRoutes.create, async ({ credential, body }) => created('API key created; the key is shown only now', await createApiKey(credential, body)));
