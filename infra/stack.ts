import { CfnOutput, CfnParameter, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { deployedRoutes } from '../functions/routes.ts';
import { EventPipeline } from './constructs/event-pipeline.ts';
import { ApiRoutes } from './constructs/http-api.ts';
import { LedgerTable } from './constructs/ledger-table.ts';
import { LinkSecret, OAuthKeys } from './constructs/oauth-keys.ts';
import { Reminders } from './constructs/reminders.ts';
import { ServiceAlarms } from './constructs/alarms.ts';
import { RecordsBucket } from './constructs/records-bucket.ts';

/** The whole service: the table, the API (one function per route), the event pipeline with webhooks, and the daily reminders. */
export class LedgerServiceStack extends Stack {
  readonly ledger: LedgerTable;
  readonly api: ApiRoutes;
  readonly events: EventPipeline;
  readonly oauthKeys: OAuthKeys;
  readonly linkSecret: LinkSecret;
  readonly reminders: Reminders;
  readonly alarms: ServiceAlarms;
  readonly records: RecordsBucket;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    this.ledger = new LedgerTable(this, 'Ledger');
    this.oauthKeys = new OAuthKeys(this, 'OAuth');
    this.linkSecret = new LinkSecret(this, 'Links');
    // Where links in e-mails, PDFs and pages point (a custom domain, say); empty: the API's own endpoint.
    const publicUrl = new CfnParameter(this, 'PublicUrl', { type: 'String', default: '', allowedPattern: '^(https://[^\\s/?#@]+(/[^\\s?#]*)?)?$', description: 'The https base URL links point to (invoice pages, invitations); empty for the API endpoint' });
    // The business's files: audit-log exports, then attachments.
    this.records = new RecordsBucket(this, 'Records');
    this.api = new ApiRoutes(this, 'Http', { records: this.records.bucket, routes: deployedRoutes, table: this.ledger.table, signingKeys: this.oauthKeys.secret, linkSecret: this.linkSecret.secret, publicUrl: publicUrl.valueAsString });
    // Invoice e-mails leave through SES from one sender, named at deploy: the identity verified in SES (a domain or
    // an address) and the From address within it, the only one the mail worker's role may send from.
    const mailIdentity = new CfnParameter(this, 'MailSenderIdentity', { type: 'String', minLength: 3, description: 'The SES identity (a verified domain or e-mail address) invoice e-mails are sent through' });
    const mailFrom = new CfnParameter(this, 'MailFromAddress', { type: 'String', allowedPattern: '^[^@\\s]+@[^@\\s]+$', description: 'The From address of invoice e-mails, within the SES identity' });
    this.events = new EventPipeline(this, 'Events', { records: this.records.bucket, table: this.ledger.table, linkSecret: this.linkSecret.secret, mailSender: { identity: mailIdentity.valueAsString, from: mailFrom.valueAsString }, links: { PUBLIC_URL: publicUrl.valueAsString, API_URL: this.api.api.apiEndpoint } });
    this.reminders = new Reminders(this, 'Reminders', { table: this.ledger.table });
    this.alarms = new ServiceAlarms(this, 'Alarms', { api: this.api.api, events: this.events });
    new CfnOutput(this, 'RecordsBucketName', { value: this.records.bucket.bucketName, description: 'The private bucket of exports and attachments' });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarms.topic.topicArn, description: 'Subscribe whoever answers alarms' });
    new CfnOutput(this, 'ApiUrl', { value: this.api.api.apiEndpoint, description: 'Base URL of the API' });
    new CfnOutput(this, 'TableName', { value: this.ledger.table.tableName });
  }
}
