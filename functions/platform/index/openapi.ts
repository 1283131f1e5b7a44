import { definePublicHandler } from '../../../shared/platform/http/define-public.ts';
import { indexRoutes } from './routes.ts';
import { openApiDocument } from '../../../shared/platform/http/openapi.ts';
import { routes } from '../../routes.ts';
import { publicOrigin } from '../../../shared/platform/links/public-origin.ts';

export const handler = definePublicHandler(indexRoutes.openapiGet, async () => {
  return { status: 200, message: 'OpenAPI description', data: openApiDocument(routes, publicOrigin()), bare: true };
});
