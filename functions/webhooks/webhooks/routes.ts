import * as v from 'valibot';
import { EventDescriptor } from '../../../shared/platform/service/schemas.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const webhooksRoutes = defineRoutes({
  list: { id: 'webhookEvents.list', method: 'GET', path: '/api/v1/webhooks/events', entry: 'functions/webhooks/webhooks/events.ts', auth: 'api_key:webhooks', scope: null, contract: { summary: 'Live webhook event catalogue', tag: 'Webhooks', response: v.array(EventDescriptor) } },
});
