import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { countPublicRequest } from '../../../shared/sales/public-links.ts';

/** What every public invoice answer carries: kept out of search engines and shared caches. */
export const PUBLIC_INVOICE_HEADERS = { 'x-robots-tag': 'noindex', 'cache-control': 'private, no-store' } as const;

/** The link's token, once the client address is within its minute's requests (429 otherwise). */
export async function admitted(event: APIGatewayProxyEventV2): Promise<string> {
  await countPublicRequest(event.requestContext.http.sourceIp);
  return event.pathParameters?.token ?? '';
}
