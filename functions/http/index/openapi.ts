import { defineHandler } from '../../../shared/http/define-handler.ts';
import { openApiDocument } from '../../../shared/http/openapi.ts';

const document = openApiDocument();

export const handler = defineHandler('openapi.get', async () => ({ status: 200, message: 'OpenAPI description', data: document, bare: true }));
