import { EVENT_CATALOGUE } from '../../../events/catalogue.ts';

export const SERVICE_NAME = 'ledger-service';
export const API_VERSION = '1.0.0';
export const OPENAPI_PATH = '/api/v1/openapi.json';

export function webhookEvents() {
  return EVENT_CATALOGUE.map(({ name, description }) => ({ name, description }));
}

export function serviceIndex() {
  return { name: SERVICE_NAME, version: API_VERSION, openapi_url: OPENAPI_PATH, webhook_events: webhookEvents() };
}
