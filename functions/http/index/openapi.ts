import { definePublicHandler } from '../../../shared/http/define-public.ts';
import { indexRoutes } from './routes.ts';
import { openApiDocument } from '../../../shared/http/openapi.ts';
import { routes } from '../../routes.ts';

export const handler = definePublicHandler(indexRoutes.openapiGet, async ({ event }) => {
  const scheme = event.headers['x-forwarded-proto'] ?? (event.requestContext.apiId === 'local' ? 'http' : 'https');
  return { status: 200, message: 'OpenAPI description', data: openApiDocument(routes, `${scheme}://${event.requestContext.domainName}`), bare: true };
});
