import { pageOf } from '../../../shared/platform/core/fields.ts';
import { ApiKey, ApiKeyCreate, ApiKeyListQuery, ApiKeyWithSecret } from '../../../shared/access/keys/schemas.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const apiKeysRoutes = defineRoutes({
  create: { id: 'apiKeys.create', method: 'POST', path: '/api/v1/api-keys', entry: 'functions/access/api-keys/create.ts', auth: 'bearer', scope: 'settings_api_keys:manage', contract: { summary: 'Create an API key (the key is shown once)', tag: 'API keys', body: ApiKeyCreate, response: ApiKeyWithSecret, status: 201 } },
  list: { id: 'apiKeys.list', method: 'GET', path: '/api/v1/api-keys', entry: 'functions/access/api-keys/list.ts', auth: 'bearer', scope: 'settings_api_keys:manage', contract: { summary: 'List API keys', tag: 'API keys', query: ApiKeyListQuery, response: pageOf(ApiKey) } },
  delete: { id: 'apiKeys.delete', method: 'DELETE', path: '/api/v1/api-keys/{id}', entry: 'functions/access/api-keys/delete.ts', auth: 'bearer', scope: 'settings_api_keys:manage', contract: { summary: 'Revoke an API key at once', tag: 'API keys', response: ApiKey } },
});
