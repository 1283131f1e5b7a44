import { definePublicHandler } from '../../../shared/platform/http/define-public.ts';
import { indexRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { serviceIndex } from '../../../shared/platform/service/index.ts';

export const handler = definePublicHandler(indexRoutes.indexGet, async () => ok('Service index', serviceIndex()));
