import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { routes } from '../functions/routes.ts';
import { EventPipeline } from './constructs/event-pipeline.ts';
import { ApiRoutes } from './constructs/http-api.ts';
import { LedgerTable } from './constructs/ledger-table.ts';
import { LinkSecret, OAuthKeys } from './constructs/oauth-keys.ts';
import { Reminders } from './constructs/reminders.ts';
import { ServiceAlarms } from './constructs/alarms.ts';

/** The whole service: the table, the API (one function per route), the event pipeline with webhooks, and the daily reminders. */
export class LedgerServiceStack extends Stack {
  readonly ledger: LedgerTable;
  readonly api: ApiRoutes;
  readonly events: EventPipeline;
  readonly oauthKeys: OAuthKeys;
  readonly linkSecret: LinkSecret;
  readonly reminders: Reminders;
  readonly alarms: ServiceAlarms;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    this.ledger = new LedgerTable(this, 'Ledger');
    this.oauthKeys = new OAuthKeys(this, 'OAuth');
    this.linkSecret = new LinkSecret(this, 'Links');
    this.api = new ApiRoutes(this, 'Http', { routes, table: this.ledger.table, signingKeys: this.oauthKeys.secret, linkSecret: this.linkSecret.secret });
    this.events = new EventPipeline(this, 'Events', { table: this.ledger.table });
    this.reminders = new Reminders(this, 'Reminders', { table: this.ledger.table });
    this.alarms = new ServiceAlarms(this, 'Alarms', { api: this.api.api });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarms.topic.topicArn, description: 'Subscribe whoever answers alarms' });
    new CfnOutput(this, 'ApiUrl', { value: this.api.api.apiEndpoint, description: 'Base URL of the API' });
    new CfnOutput(this, 'TableName', { value: this.ledger.table.tableName });
  }
}
