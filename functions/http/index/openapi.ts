import { definePublicHandler } from '../../../shared/http/define-public.ts';
import { indexRoutes } from './routes.ts';
import { openApiDocument } from '../../../shared/http/openapi.ts';
import { routes } from '../../routes.ts';
import { originOf } from '../../../shared/http/web.ts';

export const handler = definePublicHandler(indexRoutes.openapiGet, async ({ event }) => {
  return { status: 200, message: 'OpenAPI description', data: openApiDocument(routes, originOf(event)), bare: true };
});
