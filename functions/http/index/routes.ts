import { OpenApiDocument, ServiceIndex } from '../../../shared/service/schemas.ts';
import { defineRoutes } from '../../../shared/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const indexRoutes = defineRoutes({
  indexGet: { id: 'index.get', method: 'GET', path: '/api/v1', entry: 'functions/http/index/get.ts', auth: 'public', scope: null, contract: { summary: 'Service index with the webhook event catalogue', tag: 'Service', response: ServiceIndex } },
  openapiGet: { id: 'openapi.get', method: 'GET', path: '/api/v1/openapi.json', entry: 'functions/http/index/openapi.ts', auth: 'public', scope: null, contract: { summary: 'This OpenAPI description', tag: 'Service', response: OpenApiDocument } },
});
