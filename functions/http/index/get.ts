import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { serviceIndex } from '../../../shared/service/index.ts';

export const handler = defineHandler('index.get', async () => ok('Service index', serviceIndex()));
