import { NestedStack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RouteRow } from '../../functions/routes.ts';
import { grantTable } from './grants.ts';
import { PDF_FONTS, ServiceFunction } from './service-function.ts';

export interface ApiRoutesProps {
  readonly routes: readonly RouteRow[];
  readonly table: ITable;
  /** The access-token signing keys: read by every route that verifies or issues tokens. */
  readonly signingKeys: ISecret;
  /** The public invoice links' key: read only by the routes whose row `needs` it. */
  readonly linkSecret: ISecret;
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
 * An HTTP API with one route and one function per row of the route table, each feature's in a nested stack. A
 * function may only read the table when its route only reads; a route that writes may also write.
 */
export class ApiRoutes extends Construct {
  readonly api: HttpApi;
  readonly functions = new Map<string, ServiceFunction>();

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
    for (const row of props.routes) {
      const feature = stackOf(row);
      let group = groups.get(feature);
      if (!group) {
        group = new NestedStack(this, `Routes${feature}`, { description: `Routes of ${feature}` });
        groups.set(feature, group);
      }
      const handler = new ServiceFunction(group, row.id, {
        entry: row.entry,
        description: `${row.method} ${row.path}`,
        environment: { TABLE_NAME: props.table.tableName, ...linkEnvironment, ...(row.auth === 'public' ? {} : { SIGNING_KEYS_SECRET_ARN: props.signingKeys.secretArn }), ...(row.needs?.linkSecret ? { LINK_SECRET_ARN: props.linkSecret.secretArn } : {}) },
        ...(('contract' in row && row.contract?.produces === 'application/pdf') || row.needs?.pdfFonts ? { files: PDF_FONTS } : {}),
      });
      grantTableAccess(row, props.table, handler);
      if (row.auth !== 'public') props.signingKeys.grantRead(handler.role);
      if (row.needs?.linkSecret) props.linkSecret.grantRead(handler.role);
      this.functions.set(row.id, handler);

      const route = new HttpRoute(group, `${row.id}Route`, {
        httpApi: this.api,
        routeKey: row.path === '$default' ? HttpRouteKey.DEFAULT : HttpRouteKey.with(row.path, HttpMethod[row.method]),
        integration: new HttpLambdaIntegration(`${row.id}Integration`, handler.fn),
      });
      Validations.of(route).acknowledge({ id: 'AwsSolutions-APIG4', reason: NO_AUTHORIZER_REASON[row.auth] });
    }
  }
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
 * The dashboard's routes deployed before its sections had stacks of their own. They stay in `Dashboard`: a route
 * moved to another nested stack fails the deploy, since the new stack creates its route key before the old one's
 * is deleted (in the update's cleanup).
 */
const FIRST_DASHBOARD_ROUTES: ReadonlySet<string> = new Set([
  'dashboard.overview',
  'dashboard.businesses',
  'dashboard.pickBusiness',
  'dashboard.signOut',
  'dashboard.signOutEverywhere',
  'dashboard.invoices',
  'dashboard.invoice',
  'dashboard.voidInvoice',
  'dashboard.bills',
  'dashboard.bill',
  'dashboard.voidBill',
  'dashboard.customers',
  'dashboard.vendors',
  'dashboard.receiptForm',
  'dashboard.recordReceipt',
  'dashboard.paymentForm',
  'dashboard.outbox',
  'dashboard.outboxMessage',
  'dashboard.recordPayment',
  'settings.webhooks',
  'settings.createEndpoint',
  'settings.endpoint',
  'settings.updateEndpoint',
  'settings.deleteEndpoint',
  'settings.pingEndpoint',
  'settings.rotateSecret',
  'settings.retryDelivery',
  'settings.apiKeys',
  'settings.createApiKey',
  'settings.revokeApiKey',
  'settings.connectedApps',
  'settings.revokeConnectedApp',
  'settings.payoutRails',
  'settings.createPayoutRail',
  'settings.deletePayoutRail',
  'settings.reminders',
  'settings.saveReminders',
]);

/**
 * The nested stack of a route: its feature's; a dashboard route but the first ones, its section's
 * (`/dashboard/items/new` in `DashboardItems`), since the dashboard's pages alone outgrow a stack's 500 resources.
 */
export function stackOf(row: Pick<RouteRow, 'id' | 'path'>): string {
  const feature = featureOf(row.path);
  if (feature !== 'Dashboard' || FIRST_DASHBOARD_ROUTES.has(row.id)) return feature;
  return `Dashboard${featureOf(`/${row.path.split('/')[2] ?? ''}`)}`;
}

/**
 * Least privilege from the row itself: a public route never touches the table, a GET only reads (the credential
 * lookup included), and only a route that changes something may write.
 */
function grantTableAccess(row: RouteRow, table: ITable, handler: ServiceFunction): void {
  const access = row.needs?.table ?? (row.auth === 'public' ? undefined : row.method === 'GET' ? 'read' : 'readwrite');
  if (access) grantTable(table, handler.role, access);
}
