import { OpenApiDocument, ServiceIndex } from '../../../shared/platform/service/schemas.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const indexRoutes = defineRoutes({
  indexGet: { id: 'index.get', method: 'GET', path: '/api/v1', entry: 'functions/platform/index/get.ts', auth: 'public', scope: null, contract: { summary: 'Service index with the webhook event catalogue', tag: 'Service', response: ServiceIndex } },
  openapiGet: { id: 'openapi.get', method: 'GET', path: '/api/v1/openapi.json', entry: 'functions/platform/index/openapi.ts', auth: 'public', scope: null, contract: { summary: 'This OpenAPI description', tag: 'Service', response: OpenApiDocument } },
});
