import { defineHandler } from '../../../shared/http/define-handler.ts';
import { apiKeysRoutes } from './routes.ts';
import { created } from '../../../shared/http/responses.ts';
import { createApiKey } from '../../../shared/keys/manage.ts';

export const handler = defineHandler(apiKeysRoutes.create, async ({ credential, body }) => created('API key created; the key is shown only now', await createApiKey(credential, body)));
