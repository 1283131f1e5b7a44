/**
 * Where the links the service hands out point (an invoice's public page, an invitation, the OpenAPI server): a
 * deploy's configuration, never a request header, so no caller can make an e-mail or a PDF point elsewhere.
 * `PUBLIC_URL` names it (a deploy parameter on AWS, the local base URL by default in the local runtime); on AWS
 * without one, the API's own endpoint (`API_URL`, set by CDK).
 */
import { config } from '../config.ts';
import { linkBase } from './link-base.ts';

let base: string | undefined;

/** The configured base of links, checked once. */
export function publicOrigin(): string {
  if (base === undefined) {
    const { PUBLIC_URL, API_URL, SERVICE_STAGE } = config();
    const configured = PUBLIC_URL || API_URL;
    if (!configured) throw new Error('Invalid service configuration: PUBLIC_URL is not set (nor API_URL), so no link can be made');
    // config() refused a value linkBase refuses, at cold start.
    base = linkBase(configured, SERVICE_STAGE)!;
  }
  return base;
}
