import { defineHandler } from '../../../shared/http/define-handler.ts';
import { openApiDocument } from '../../../shared/http/openapi.ts';

export const handler = defineHandler('openapi.get', async ({ event }) => {
  const scheme = event.headers['x-forwarded-proto'] ?? (event.requestContext.apiId === 'local' ? 'http' : 'https');
  return { status: 200, message: 'OpenAPI description', data: openApiDocument(`${scheme}://${event.requestContext.domainName}`), bare: true };
});
