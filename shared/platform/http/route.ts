import type { Scope } from './scopes.ts';
import type { Contract } from './contract.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a route's caller proves who it is: `public` (no credential), `bearer` (API key or OAuth access token),
 * `api_key:webhooks` (an API key holding the webhooks option), `browser` (a page of the sign-in and consent flow,
 * with its cookie session), `client` (an OAuth endpoint that authenticates the client itself), `rail` (a bank's
 * call signed with its payout rail's secret).
 */
export type RouteAuth = 'public' | 'bearer' | 'api_key:webhooks' | 'browser' | 'client' | 'rail';

/**
 * One row of the route table. CDK builds one Lambda and one API Gateway route per row and the local runtime
 * serves the same rows. `path` is in API Gateway form (`{id}` for a path parameter; `$default` catches every
 * unmatched request); `entry` is the handler module, relative to the repository root; `scope` is the scope a
 * bearer credential must hold. `contract` holds the schemas the handler validates with and answers by (pages and
 * the catch-all have none).
 */
export interface RouteRow {
  readonly id: string;
  readonly method: HttpMethod | 'ANY';
  readonly path: string;
  readonly entry: string;
  readonly auth: RouteAuth;
  readonly scope: Scope | null;
  readonly contract?: Contract;
  /**
   * What the route's function is granted beyond its kind's default (a GET reads the table, any other method writes,
   * a public route touches nothing): a GET that also writes (publishing a link), a public route that reads, and the
   * public links' secret, the PDF renderer's fonts (a page that draws a PDF).
   */
  readonly needs?: {
    readonly table?: 'read' | 'readwrite';
    readonly linkSecret?: true;
    readonly pdfFonts?: true;
    /** The folder of the records bucket it signs download links of. */
    readonly records?: string;
    /** What it does to the attachments in the records bucket: sign upload forms, sign download links, delete, or read uploads and keep files of its own. */
    readonly attachments?: 'upload' | 'read' | 'delete' | 'keep';
  };
  /** Served by the local runtime only, never deployed (the outbox of e-mails it writes as files). */
  readonly localOnly?: true;
}

/** A feature's rows, checked against RouteRow and kept exact, so a handler's types come from its own row. */
export function defineRoutes<const Rows extends Readonly<Record<string, RouteRow>>>(rows: Rows): Rows {
  return rows;
}
