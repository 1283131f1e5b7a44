import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Rule, type EventPattern } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { QUEUES, STREAM_SOURCE } from '../../events/queues.ts';
import { BUS_RULES, OUTBOX_STREAM_FILTERS, PROJECTION_STREAM_FILTERS, type RuleTarget } from '../../events/rules.ts';
import { grantRecords, grantTable } from './grants.ts';
import { AUDIT_EXPORTS_FOLDER } from '../../shared/audit/export-jobs.ts';
import { ATTACHMENTS_FOLDERS } from '../../shared/attachments/attachments.ts';
import { alarmOnDepth, GuardedQueue } from './guarded-queue.ts';
import { PDF_FONTS, ServiceFunction } from './service-function.ts';

export interface EventPipelineProps {
  readonly table: Table;
  /** The private records bucket the audit-log exports are written to. */
  readonly records: IBucket;
  /** The mail worker derives each e-mail's public invoice link under it. */
  readonly linkSecret: ISecret;
  /** Invoice e-mails go out through this SES identity (a domain or an address), from this address within it. */
  readonly mailSender: { readonly identity: string; readonly from: string };
  /** Where the links in e-mails point: the deploy's `PublicUrl` (may be empty) and the API's own endpoint. */
  readonly links: { readonly PUBLIC_URL: string; readonly API_URL: string };
}

/** EventBridge's pattern keys, from the shared pattern (which uses EventBridge's own field names). */
function eventPattern(pattern: Record<string, unknown>): EventPattern {
  const { source, 'detail-type': detailType, detail } = pattern as { source?: string[]; 'detail-type'?: string[]; detail?: Record<string, unknown> };
  return { ...(source ? { source } : {}), ...(detailType ? { detailType } : {}), ...(detail ? { detail } : {}) };
}

/**
 * The outbox's way out: table stream → publisher → bus → rule → fan-out queue → fan-out → delivery queue →
 * delivery. Each consumer reports per-record failures; each queue has a dead-letter queue and alarms.
 */
export class EventPipeline extends Construct {
  readonly bus: EventBus;
  readonly fanout: GuardedQueue;
  readonly delivery: GuardedQueue;
  readonly streamFailures: Queue;
  readonly publisher: ServiceFunction;
  readonly projector: ServiceFunction;
  readonly fanoutFunction: ServiceFunction;
  readonly deliverFunction: ServiceFunction;
  readonly imports: GuardedQueue;
  readonly importFunction: ServiceFunction;
  readonly mail: GuardedQueue;
  readonly mailFunction: ServiceFunction;
  readonly audit: GuardedQueue;
  readonly chainFunction: ServiceFunction;
  readonly exports: GuardedQueue;
  readonly exportFunction: ServiceFunction;
  readonly uploads: GuardedQueue;
  readonly checkUploadFunction: ServiceFunction;

  constructor(scope: Construct, id: string, props: EventPipelineProps) {
    super(scope, id);
    this.bus = new EventBus(this, 'Bus', { description: 'Events of the accounting service, from the table outbox' });
    this.fanout = new GuardedQueue(this, 'FanOut', { ...QUEUES.fanout, backlogAlarm: 1000, meaning: 'webhook-fanout' });
    this.delivery = new GuardedQueue(this, 'Delivery', { ...QUEUES.delivery, backlogAlarm: 5000, meaning: 'webhook-deliveries' });
    this.mail = new GuardedQueue(this, 'Mail', { ...QUEUES.mail, backlogAlarm: 1000, meaning: 'mail' });
    const targets: Record<RuleTarget, Queue> = { fanout: this.fanout.queue, mail: this.mail.queue };
    for (const rule of BUS_RULES) {
      new Rule(this, rule.name, { eventBus: this.bus, description: rule.description, eventPattern: eventPattern(rule.pattern), targets: [new SqsQueue(targets[rule.target])] });
    }

    this.streamFailures = new Queue(this, 'StreamFailures', { enforceSSL: true, encryption: QueueEncryption.SQS_MANAGED, retentionPeriod: Duration.days(14) });
    Validations.of(this.streamFailures).acknowledge({ id: 'AwsSolutions-SQS3', reason: "This is the stream mapping's on-failure destination, a dead-letter queue itself." });
    alarmOnDepth(this, 'StreamFailuresDepth', this.streamFailures, 'Stream records the publisher or the projector gave up on (events or read-model changes not applied)', 1, 1, 'stream-dead-letters');
    this.publisher = new ServiceFunction(this, 'Publisher', { entry: 'functions/platform/streams/publish.ts', description: 'Publishes outbox events from the table stream to the bus', environment: { EVENT_BUS_NAME: this.bus.eventBusName, TABLE_NAME: props.table.tableName } });
    this.bus.grantPutEventsTo(this.publisher.role);
    // One way to read the table's stream, for each of its two readers: from the trim horizon, bisecting a failing
    // batch, per-record failures, the shared failure destination; only the filter differs.
    const streamSource = (filters: readonly object[]) =>
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: STREAM_SOURCE.batchSize,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: STREAM_SOURCE.maximumRetryAttempts,
        onFailure: new SqsDlq(this.streamFailures),
        filters: filters.map((filter) => FilterCriteria.filter(filter as Record<string, unknown>)),
      });
    this.publisher.fn.addEventSource(streamSource(OUTBOX_STREAM_FILTERS));

    // The stream's second (and last) reader: the read models kept off the request path (documents by status, the
    // bank amount indexes), and queued bank imports, each change of which hands its next chunk to the imports queue.
    this.imports = new GuardedQueue(this, 'Imports', { ...QUEUES.imports, backlogAlarm: 10_000, meaning: 'bank-imports' });
    this.audit = new GuardedQueue(this, 'AuditChain', { ...QUEUES.audit, backlogAlarm: 10_000, meaning: 'audit-chain', fifo: true });
    this.exports = new GuardedQueue(this, 'AuditExports', { ...QUEUES.exports, backlogAlarm: 1000, meaning: 'audit-exports' });
    this.projector = new ServiceFunction(this, 'Projector', {
      entry: 'functions/platform/streams/project.ts',
      description: 'Keeps the read models (documents by status, the bank amount indexes) from the table stream, and hands new audit entries to the chainer',
      environment: { TABLE_NAME: props.table.tableName, IMPORTS_QUEUE_URL: this.imports.queue.queueUrl, AUDIT_QUEUE_URL: this.audit.queue.queueUrl, EXPORTS_QUEUE_URL: this.exports.queue.queueUrl },
    });
    grantTable(props.table, this.projector.role, 'readwrite');
    this.imports.queue.grantSendMessages(this.projector.role);
    this.audit.queue.grantSendMessages(this.projector.role);
    this.exports.queue.grantSendMessages(this.projector.role);
    // The chainer: one business's entries at a time (FIFO groups), many businesses side by side.
    this.chainFunction = new ServiceFunction(this, 'ChainFunction', { entry: 'functions/audit/workers/chain.ts', description: "Places each business's new audit entries on its hash chain", environment: { TABLE_NAME: props.table.tableName }, timeout: Duration.seconds(QUEUES.audit.consumerTimeoutSeconds) });
    grantTable(props.table, this.chainFunction.role, 'readwrite');
    this.chainFunction.fn.addEventSource(new SqsEventSource(this.audit.queue, { batchSize: QUEUES.audit.batchSize, reportBatchItemFailures: true }));
    this.projector.fn.addEventSource(streamSource(PROJECTION_STREAM_FILTERS));
    // The export worker: reads a range of the trail and writes its file to the records bucket, nothing else.
    this.exportFunction = new ServiceFunction(this, 'AuditExportFunction', { entry: 'functions/audit/workers/export.ts', description: 'Writes one audit-log export file to the records bucket', environment: { TABLE_NAME: props.table.tableName, RECORDS_BUCKET: props.records.bucketName }, timeout: Duration.seconds(QUEUES.exports.consumerTimeoutSeconds) });
    grantTable(props.table, this.exportFunction.role, 'readwrite');
    grantRecords(props.records, this.exportFunction.role, AUDIT_EXPORTS_FOLDER, 'write');
    this.exportFunction.fn.addEventSource(new SqsEventSource(this.exports.queue, { batchSize: QUEUES.exports.batchSize, reportBatchItemFailures: true }));
    // The upload check: the bucket's Object Created events for attachments' keys reach its queue through the
    // account's default bus (no notification custom resource, and the rule filters by key); the worker reads an
    // attachment's first bytes and keeps it (the pending tag off) or deletes it.
    this.uploads = new GuardedQueue(this, 'Uploads', { ...QUEUES.uploads, backlogAlarm: 1000, meaning: 'attachment-uploads' });
    new Rule(this, 'AttachmentUploads', {
      description: "An attachment's upload arrived in the records bucket: its check",
      eventPattern: { source: ['aws.s3'], detailType: ['Object Created'], detail: { bucket: { name: [props.records.bucketName] }, object: { key: [{ wildcard: `${ATTACHMENTS_FOLDERS}/*` }] } } },
      targets: [new SqsQueue(this.uploads.queue)],
    });
    this.checkUploadFunction = new ServiceFunction(this, 'CheckUploadFunction', { entry: 'functions/attachments/workers/check-upload.ts', description: "Checks an uploaded attachment's first bytes against its type", environment: { TABLE_NAME: props.table.tableName, RECORDS_BUCKET: props.records.bucketName }, timeout: Duration.seconds(QUEUES.uploads.consumerTimeoutSeconds) });
    grantTable(props.table, this.checkUploadFunction.role, 'readwrite');
    grantRecords(props.records, this.checkUploadFunction.role, ATTACHMENTS_FOLDERS, 'check');
    this.checkUploadFunction.fn.addEventSource(new SqsEventSource(this.uploads.queue, { batchSize: QUEUES.uploads.batchSize, reportBatchItemFailures: true }));
    this.importFunction = new ServiceFunction(this, 'ImportFunction', { entry: 'functions/banking/workers/import-chunk.ts', description: 'Stores one chunk of a queued bank import', environment: { TABLE_NAME: props.table.tableName }, timeout: Duration.seconds(QUEUES.imports.consumerTimeoutSeconds) });
    grantTable(props.table, this.importFunction.role, 'readwrite');
    this.importFunction.fn.addEventSource(new SqsEventSource(this.imports.queue, { batchSize: QUEUES.imports.batchSize, reportBatchItemFailures: true }));

    // The mail worker: builds each invoice e-mail (its PDF, its public link) and sends it through SES, from the
    // deploy's sender address only.
    this.mailFunction = new ServiceFunction(this, 'MailFunction', {
      entry: 'functions/platform/mail/send.ts',
      description: 'Builds and sends one e-mail (an invoice, an invitation, a statement) through SES',
      environment: { TABLE_NAME: props.table.tableName, MAIL_QUEUE_URL: this.mail.queue.queueUrl, LINK_SECRET_ARN: props.linkSecret.secretArn, MAIL_FROM: props.mailSender.from, ...props.links },
      timeout: Duration.seconds(QUEUES.mail.consumerTimeoutSeconds),
      files: PDF_FONTS,
    });
    grantTable(props.table, this.mailFunction.role, 'readwrite');
    props.linkSecret.grantRead(this.mailFunction.role);
    this.mail.queue.grant(this.mailFunction.role, 'sqs:ChangeMessageVisibility');
    this.mailFunction.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: props.mailSender.identity })],
        conditions: { StringEquals: { 'ses:FromAddress': props.mailSender.from } },
      }),
    );
    this.mailFunction.fn.addEventSource(new SqsEventSource(this.mail.queue, { batchSize: QUEUES.mail.batchSize, reportBatchItemFailures: true }));

    const workerEnvironment = { TABLE_NAME: props.table.tableName, DELIVERY_QUEUE_URL: this.delivery.queue.queueUrl };
    this.fanoutFunction = new ServiceFunction(this, 'FanOutFunction', { entry: 'functions/webhooks/workers/fanout.ts', description: 'One webhook delivery per subscribed endpoint', environment: workerEnvironment, timeout: Duration.seconds(QUEUES.fanout.consumerTimeoutSeconds) });
    grantTable(props.table, this.fanoutFunction.role, 'readwrite');
    this.delivery.queue.grantSendMessages(this.fanoutFunction.role);
    this.fanoutFunction.fn.addEventSource(new SqsEventSource(this.fanout.queue, { batchSize: QUEUES.fanout.batchSize, reportBatchItemFailures: true }));

    this.deliverFunction = new ServiceFunction(this, 'DeliverFunction', { entry: 'functions/webhooks/workers/deliver.ts', description: 'Signs and sends one webhook delivery attempt', environment: workerEnvironment, timeout: Duration.seconds(QUEUES.delivery.consumerTimeoutSeconds) });
    grantTable(props.table, this.deliverFunction.role, 'readwrite');
    this.delivery.queue.grant(this.deliverFunction.role, 'sqs:ChangeMessageVisibility');
    // A delivery held by its endpoint's open circuit comes back as a fresh, delayed message.
    this.delivery.queue.grantSendMessages(this.deliverFunction.role);
    this.deliverFunction.fn.addEventSource(new SqsEventSource(this.delivery.queue, { batchSize: QUEUES.delivery.batchSize, reportBatchItemFailures: true }));
  }
}
