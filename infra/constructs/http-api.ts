import { Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RouteRow } from '../../functions/routes.ts';
import { ServiceFunction } from './service-function.ts';

export interface ApiRoutesProps {
  readonly routes: readonly RouteRow[];
  readonly table: ITable;
}

const UNAUTHORIZED_ROUTE_REASON =
  'Authorization runs inside the function, in the shared handler stack: API keys are hash lookups and OAuth access tokens must be checked for revocation on every call, which a gateway JWT authorizer cannot do.';

/**
 * An HTTP API with one route and one function per row of the route table. A function may only read the table
 * when its route only reads; a route that writes may also write.
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

    for (const row of props.routes) {
      const handler = new ServiceFunction(this, row.id, {
        entry: row.entry,
        description: `${row.method} ${row.path}`,
        environment: { TABLE_NAME: props.table.tableName },
      });
      grantTableAccess(row, props.table, handler);
      this.functions.set(row.id, handler);

      const route = new HttpRoute(this, `${row.id}Route`, {
        httpApi: this.api,
        routeKey: row.path === '$default' ? HttpRouteKey.DEFAULT : HttpRouteKey.with(row.path, HttpMethod[row.method]),
        integration: new HttpLambdaIntegration(`${row.id}Integration`, handler.fn),
      });
      Validations.of(route).acknowledge({ id: 'AwsSolutions-APIG4', reason: UNAUTHORIZED_ROUTE_REASON });
    }
  }
}

/**
 * Least privilege from the row itself: a public route never touches the table, a GET only reads (the credential
 * lookup included), and only a route that changes something may write.
 */
function grantTableAccess(row: RouteRow, table: ITable, handler: ServiceFunction): void {
  if (row.auth === 'public') return;
  if (row.method === 'GET') table.grantReadData(handler.role);
  else table.grantReadWriteData(handler.role);
  const tableResource = table.node.defaultChild as CfnElement;
  Validations.of(handler.role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${Stack.of(table).getLogicalId(tableResource)}.Arn>/index/*]`,
    reason: "The index wildcard covers only the table's own local secondary indexes, which the lists query.",
  });
}
