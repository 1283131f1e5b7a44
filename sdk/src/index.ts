/**
 * The ledger service's typed client: every path, parameter, body and answer typed from the OpenAPI description
 * (`schema.ts`, generated), every call made by openapi-fetch.
 *
 *   const ledger = createLedgerClient({ baseUrl: 'http://localhost:3000', token: process.env.KEY! });
 *   const { data, error } = await ledger.POST('/api/v1/customers', { body: { name: 'Ada Ltd' } });
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema.ts';

export type { components, operations, paths } from './schema.ts';

export interface LedgerClientOptions {
  /** The service's origin, e.g. `http://localhost:3000`; paths carry `/api/v1`. */
  readonly baseUrl: string;
  /** An API key or an OAuth access token. */
  readonly token: string;
}

export type LedgerClient = Client<paths>;

export function createLedgerClient(options: LedgerClientOptions): LedgerClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/$/, '') });
  client.use({
    onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${options.token}`);
      return request;
    },
  });
  return client;
}
