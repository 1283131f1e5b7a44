import { NestedStack, Validations } from 'aws-cdk-lib';
import { ATTACHMENTS_FOLDERS } from '../../shared/attachments/attachments.ts';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RouteRow } from '../../functions/routes.ts';
import { grantRecords, grantTable } from './grants.ts';
import { deploymentOf, PAGE_FUNCTION_ENTRY, PAGE_FUNCTION_PATHS, type Deployment } from '../../shared/platform/http/deployment.ts';
import { PDF_FONTS, ServiceFunction } from './service-function.ts';

export interface ApiRoutesProps {
  readonly routes: readonly RouteRow[];
  readonly table: ITable;
  /** The access-token signing keys: read by every route that verifies or issues tokens. */
  readonly signingKeys: ISecret;
  /** The public invoice links' key: read only by the routes whose row `needs` it. */
  readonly linkSecret: ISecret;
  /** The private records bucket: read (download links) only by the routes whose row `needs` it. */
  readonly records: IBucket;
  /** The deploy's base of links (`PublicUrl`), empty when it names none: then the API's own endpoint. */
  readonly publicUrl: string;
}

/** Why no gateway authorizer sits on a route, by the kind of authentication its row names. */
const NO_AUTHORIZER_REASON: Record<RouteRow['auth'], string> = {
  bearer: 'Authorization runs inside the function, in the shared handler stack: API keys are hash lookups and OAuth access tokens must be checked for revocation on every call, which a gateway JWT authorizer cannot do.',
  'api_key:webhooks': 'Authorization runs inside the function: only an API key holding the webhooks option may read the live catalogue, which no gateway authorizer can tell.',
  browser: 'A page of the OAuth sign-in and consent flow: a visitor has no token yet; the function keeps its own cookie session with CSRF tokens.',
  client: 'An OAuth endpoint (RFC 6749 token, RFC 7009 revocation): the function authenticates the client itself, by HTTP Basic or body credentials, as those RFCs require.',
  rail: 'A bank or aggregator confirming a payout: the function verifies the rail signature (HMAC of the timestamp and body with the rail secret, five minutes of tolerance); the caller holds no token.',
  public: 'Public by design: the service index, the OpenAPI description and the catch-all that answers unknown paths with 404.',
};

/**
 * An HTTP API with one route and one function per API row of the route table, each feature's in a nested stack,
 * and the two page functions (`deployment.ts`) behind greedy routes. A function may only read the table when its
 * routes only read; a route that writes may also write.
 */
export class ApiRoutes extends Construct {
  readonly api: HttpApi;
  readonly functions = new Map<string, ServiceFunction>();
  /** The web function (every dashboard page) and the public pages' function. */
  readonly pageFunctions = new Map<Exclude<Deployment, 'api'>, ServiceFunction>();

  constructor(scope: Construct, id: string, props: ApiRoutesProps) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', { description: 'Accounting service API', createDefaultStage: false });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.THREE_MONTHS });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 200, burstLimit: 400 },
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: AccessLogFormat.jsonWithStandardFields() },
    });

    // Links (invoice pages, invitations, the OpenAPI server) are made under configuration, never a request header.
    const linkEnvironment = { PUBLIC_URL: props.publicUrl, API_URL: this.api.apiEndpoint };
    const groups = new Map<string, NestedStack>();
    const groupOf = (name: string) => {
      let group = groups.get(name);
      if (!group) {
        group = new NestedStack(this, `Routes${name}`, { description: `Routes of ${name}` });
        groups.set(name, group);
      }
      return group;
    };
    // What a function of some rows is told: the table, the links, and each secret or bucket one of its rows needs.
    const environmentOf = (rows: readonly RouteRow[]) => ({
      TABLE_NAME: props.table.tableName,
      ...linkEnvironment,
      ...(rows.some((row) => row.auth !== 'public') ? { SIGNING_KEYS_SECRET_ARN: props.signingKeys.secretArn } : {}),
      ...(rows.some((row) => row.needs?.linkSecret) ? { LINK_SECRET_ARN: props.linkSecret.secretArn } : {}),
      ...(rows.some((row) => row.needs?.records || row.needs?.attachments) ? { RECORDS_BUCKET: props.records.bucketName } : {}),
    });
    const pageRows = new Map<Exclude<Deployment, 'api'>, RouteRow[]>();
    for (const row of props.routes) {
      const deployment = deploymentOf(row);
      if (deployment !== 'api') {
        pageRows.set(deployment, [...(pageRows.get(deployment) ?? []), row]);
        continue;
      }
      const group = groupOf(featureOf(row.path));
      const handler = new ServiceFunction(group, row.id, {
        entry: row.entry,
        description: `${row.method} ${row.path}`,
        environment: environmentOf([row]),
        ...(drawsPdf(row) ? { files: PDF_FONTS } : {}),
      });
      grantRows([row], handler, props);
      this.functions.set(row.id, handler);

      const route = new HttpRoute(group, `${row.id}Route`, {
        httpApi: this.api,
        routeKey: row.path === '$default' ? HttpRouteKey.DEFAULT : HttpRouteKey.with(row.path, HttpMethod[row.method]),
        integration: new HttpLambdaIntegration(`${row.id}Integration`, handler.fn),
      });
      Validations.of(route).acknowledge({ id: 'AwsSolutions-APIG4', reason: NO_AUTHORIZER_REASON[row.auth] });
    }

    // The page functions: each holds the grants of its rows together, and is reached by greedy routes whose keys
    // are its own (no row's key ever moves between stacks).
    for (const [deployment, rows] of pageRows) {
      const group = groupOf(PAGE_STACK[deployment]);
      const handler = new ServiceFunction(group, PAGE_STACK[deployment], {
        entry: PAGE_FUNCTION_ENTRY[deployment],
        description: PAGE_DESCRIPTION[deployment],
        environment: environmentOf(rows),
        ...(rows.some(drawsPdf) ? { files: PDF_FONTS } : {}),
      });
      grantRows(rows, handler, props);
      this.pageFunctions.set(deployment, handler);
      PAGE_FUNCTION_PATHS[deployment].forEach((path, index) => {
        const route = new HttpRoute(group, `${PAGE_STACK[deployment]}Route${index}`, { httpApi: this.api, routeKey: HttpRouteKey.with(path, HttpMethod.ANY), integration: new HttpLambdaIntegration(`${PAGE_STACK[deployment]}Integration${index}`, handler.fn) });
        Validations.of(route).acknowledge({ id: 'AwsSolutions-APIG4', reason: PAGE_AUTHORIZER_REASON[deployment] });
      });
    }
  }
}

/** The nested stack and function id of each page function. */
const PAGE_STACK: Readonly<Record<Exclude<Deployment, 'api'>, string>> = { web: 'WebPages', 'public-pages': 'PublicPages' };
const PAGE_DESCRIPTION: Readonly<Record<Exclude<Deployment, 'api'>, string>> = {
  web: 'Dashboard pages: every /dashboard row of the route table, in one web function',
  'public-pages': 'Public pages: an invoice page and its PDF, an invitation page and its form',
};
const PAGE_AUTHORIZER_REASON: Readonly<Record<Exclude<Deployment, 'api'>, string>> = {
  web: "The dashboard's pages: each row's page checks the browser session, its CSRF token and the row's scope inside the function.",
  'public-pages': 'Public by design: an invoice page opened by its link token (limited per client address), an invitation opened by its single-use token.',
};

const drawsPdf = (row: RouteRow) => ('contract' in row && (row.contract?.produces === 'application/pdf' || row.contract?.alsoProduces === 'application/pdf')) || row.needs?.pdfFonts === true;

/**
 * What the function of some rows is granted, once each: the table as the most demanding row needs it, the signing
 * keys unless every row is public, the link secret and the records bucket where a row needs them.
 */
function grantRows(rows: readonly RouteRow[], handler: ServiceFunction, props: ApiRoutesProps): void {
  const accesses = new Set(rows.map(tableAccessOf));
  const access = accesses.has('readwrite') ? 'readwrite' : accesses.has('read') ? 'read' : undefined;
  if (access) grantTable(props.table, handler.role, access);
  if (rows.some((row) => row.auth !== 'public')) props.signingKeys.grantRead(handler.role);
  if (rows.some((row) => row.needs?.linkSecret)) props.linkSecret.grantRead(handler.role);
  for (const folder of new Set(rows.flatMap((row) => (row.needs?.records ? [row.needs.records] : [])))) grantRecords(props.records, handler.role, folder, 'read');
  for (const access of new Set(rows.flatMap((row) => (row.needs?.attachments ? [row.needs.attachments] : [])))) grantRecords(props.records, handler.role, ATTACHMENTS_FOLDERS, access);
}

/**
 * A route's feature: the first path segment under /api/v1 (or the top one outside it). CloudFormation allows 500
 * resources to a stack and each route brings seven, so each feature's routes live in a nested stack of their
 * own; grouping by feature keeps a route in the same stack as the table grows.
 */
export function featureOf(path: string): string {
  const segment = path === '$default' ? 'service' : (path.replace(/^\/api\/v1/, '').split('/')[1] ?? '') || 'service';
  return segment.replace(/(^|-)([a-z])/g, (_match, _dash: string, letter: string) => letter.toUpperCase());
}

/**
 * Least privilege from the row itself: a public route never touches the table, a GET only reads (the credential
 * lookup included), and only a route that changes something may write.
 */
function tableAccessOf(row: RouteRow): 'read' | 'readwrite' | undefined {
  return row.needs?.table ?? (row.auth === 'public' ? undefined : row.method === 'GET' ? 'read' : 'readwrite');
}
