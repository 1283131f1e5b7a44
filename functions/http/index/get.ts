import { definePublicHandler } from '../../../shared/http/define-public.ts';
import { indexRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';
import { serviceIndex } from '../../../shared/service/index.ts';

export const handler = definePublicHandler(indexRoutes.indexGet, async () => ok('Service index', serviceIndex()));
