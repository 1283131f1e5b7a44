import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { routes } from '../functions/routes.ts';
import { ApiRoutes } from './constructs/http-api.ts';
import { LedgerTable } from './constructs/ledger-table.ts';

/** The whole service: the table and the API now; the event pipeline and webhooks join as constructs. */
export class LedgerServiceStack extends Stack {
  readonly ledger: LedgerTable;
  readonly api: ApiRoutes;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    this.ledger = new LedgerTable(this, 'Ledger');
    this.api = new ApiRoutes(this, 'Http', { routes, table: this.ledger.table });
    new CfnOutput(this, 'ApiUrl', { value: this.api.api.apiEndpoint, description: 'Base URL of the API' });
    new CfnOutput(this, 'TableName', { value: this.ledger.table.tableName });
  }
}
