import { beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../events/queues.ts';
import { EVENT_SOURCE, INVOICE_MAIL_EVENT } from '../../events/rules.ts';
import { resourceQueries, synthesizeForTest, type Resource } from './app-fixture.ts';

let resources: [string, Resource][];
const { ofType, json, functionNamed, logicalId } = resourceQueries(() => resources);

beforeAll(() => {
  resources = synthesizeForTest().allResources();
});

interface Statement {
  readonly Action: string | readonly string[];
  readonly Resource: unknown;
}
/** A policy's statements on objects of a bucket (the records bucket is the only one a function reaches). */
const objectStatements = (policy: Resource) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement.filter((statement) => [statement.Action].flat().some((action) => /^s3:.*Object/.test(action)));
/** The policies that grant something on the bucket's objects; the bucket's ARN reaches a nested stack's policies as a parameter. */
const bucketPolicies = () => ofType('AWS::IAM::Policy').filter(([, policy]) => objectStatements(policy).length > 0);
const actionsOf = (policy: Resource) => objectStatements(policy).flatMap((statement) => [statement.Action].flat()).sort();

describe('the event pipeline', () => {
  it("feeds the publisher from the table's stream: outbox inserts only, bisect on error, per-record failures, a failure destination", () => {
    const [publisherId] = functionNamed('Publishes outbox events from the table stream to the bus');
    const [tableId] = ofType('AWS::DynamoDB::Table')[0]!;
    const mapping = ofType('AWS::Lambda::EventSourceMapping').find(([, resource]) => json(resource.Properties.FunctionName).includes(logicalId(publisherId)))![1].Properties;
    expect(json(mapping.EventSourceArn)).toContain(logicalId(tableId));
    expect(json(mapping.EventSourceArn)).toContain('StreamArn');
    expect(JSON.parse((mapping.FilterCriteria as { Filters: { Pattern: string }[] }).Filters[0]!.Pattern)).toEqual({ eventName: ['INSERT'], dynamodb: { Keys: { sk: { S: [{ prefix: 'EVT#' }] } } } });
    expect(mapping.BisectBatchOnFunctionError).toBe(true);
    expect(mapping.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(mapping.DestinationConfig).toMatchObject({ OnFailure: { Destination: expect.anything() } });
  });

  it("feeds the projector from the same stream, document, journal entry, bank import and audit export changes and new audit entries only: the stream's second and last reader", () => {
    const [projectorId] = functionNamed('Keeps the read models (documents by status, the bank amount indexes) from the table stream, and hands new audit entries to the chainer');
    const mappings = ofType('AWS::Lambda::EventSourceMapping').filter(([, resource]) => json(resource.Properties.EventSourceArn).includes('StreamArn'));
    expect(mappings).toHaveLength(2);
    const mapping = mappings.find(([, resource]) => json(resource.Properties.FunctionName).includes(logicalId(projectorId)))![1].Properties;
    expect((mapping.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map((filter) => JSON.parse(filter.Pattern))).toEqual([
      { eventName: ['INSERT', 'MODIFY', 'REMOVE'], dynamodb: { Keys: { sk: { S: [{ prefix: 'DOC#' }, { prefix: 'JOURNAL#' }, { prefix: 'BANK_IMPORT#' }, { prefix: 'AUDIT_EXPORT#' }] } } } },
      // The chainer's own update of an entry (a MODIFY) does not come back to the projector.
      { eventName: ['INSERT'], dynamodb: { Keys: { sk: { S: [{ prefix: 'E#' }] } } } },
    ]);
    expect(mapping.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(mapping.DestinationConfig).toMatchObject({ OnFailure: { Destination: expect.anything() } });
  });

  it('lets the publisher put events on the bus, and routes every event of the service but e-mails to the fan-out queue', () => {
    const [busId] = ofType('AWS::Events::EventBus')[0]!;
    const [rulePath, rule] = ofType('AWS::Events::Rule').find(([id]) => id.includes('EveryEventToFanOut'))!;
    expect(rulePath).toBeDefined();
    expect(rule.Properties.EventPattern).toEqual({ source: [EVENT_SOURCE], 'detail-type': [{ 'anything-but': [INVOICE_MAIL_EVENT, 'member.invitation', 'statement.mail'] }] });
    expect(json(rule.Properties.EventBusName)).toContain(logicalId(busId));
    const fanoutQueue = ofType('AWS::SQS::Queue').find(([id]) => id.includes('FanOutQueue'))!;
    expect(json(rule.Properties.Targets)).toContain(logicalId(fanoutQueue[0]));
    const putEvents = ofType('AWS::IAM::Policy').filter(([, policy]) => json(policy.Properties.PolicyDocument).includes('events:PutEvents'));
    expect(putEvents).toHaveLength(1);
    expect(json(putEvents[0]![1].Properties.Roles)).toContain('Publisher');
    const queuePolicy = ofType('AWS::SQS::QueuePolicy').find(([, policy]) => json(policy.Properties.Queues).includes(logicalId(fanoutQueue[0])))!;
    expect(json(queuePolicy[1].Properties.PolicyDocument)).toContain('events.amazonaws.com');
  });

  it("hands audit entries to the chainer through a high-throughput FIFO queue, ordered and deduplicated per business, with a FIFO dead-letter queue", () => {
    const [chainId] = functionNamed("Places each business's new audit entries on its hash chain");
    const [queueId, queue] = ofType('AWS::SQS::Queue').find(([id]) => id.includes('AuditChainQueue'))!;
    expect(queue.Properties).toMatchObject({ FifoQueue: true, DeduplicationScope: 'messageGroup', FifoThroughputLimit: 'perMessageGroupId', RedrivePolicy: { maxReceiveCount: QUEUES.audit.maxReceiveCount } });
    const [, deadLetter] = ofType('AWS::SQS::Queue').find(([id]) => id.includes('AuditChainDeadLetter'))!;
    expect(deadLetter.Properties.FifoQueue).toBe(true);
    const mapping = ofType('AWS::Lambda::EventSourceMapping').find(([, resource]) => json(resource.Properties.FunctionName).includes(logicalId(chainId)))![1].Properties;
    expect(json(mapping.EventSourceArn)).toContain(logicalId(queueId));
    expect(mapping).toMatchObject({ BatchSize: QUEUES.audit.batchSize, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    const sends = ofType('AWS::IAM::Policy').filter(([, policy]) => json(policy.Properties.PolicyDocument).includes('sqs:SendMessage') && json(policy.Properties.PolicyDocument).includes(logicalId(queueId)));
    // Only the projector sends to it.
    expect(sends.map(([, policy]) => json(policy.Properties.Roles))).toEqual([expect.stringContaining('ProjectorRole')]);
  });

  it('writes audit-log exports from a worker of their own, and only under audit-exports/; only the export job route may sign their download links', () => {
    const [exportId] = functionNamed('Writes one audit-log export file to the records bucket');
    const mapping = ofType('AWS::Lambda::EventSourceMapping').find(([, resource]) => json(resource.Properties.FunctionName).includes(logicalId(exportId)))![1].Properties;
    expect(mapping).toMatchObject({ BatchSize: QUEUES.exports.batchSize, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    const onExports = bucketPolicies().filter(([, policy]) => json(policy.Properties.PolicyDocument).includes('/audit-exports/*'));
    expect(onExports.map(([, policy]) => [json(policy.Properties.Roles).match(/AuditExportFunction|auditLogexportJobsget/i)?.[0], actionsOf(policy)])).toEqual(
      expect.arrayContaining([
        ['AuditExportFunction', ['s3:AbortMultipartUpload', 's3:PutObject']],
        [expect.stringMatching(/auditLogexportJobsget/i), ['s3:GetObject']],
      ]),
    );
    expect(onExports).toHaveLength(2);
  });

  it("reaches attachments only under <business>/attachments/: the create route signs upload forms, the get route download links, the delete route deletes, the e-invoice import (through the API, and in the web function) reads an upload and keeps (or takes back) its own file, the web function signs download links and upload forms and deletes for record pages, and the upload check reads, untags or deletes; the bucket's Object Created events for attachments reach the check through the default bus and its queue", () => {
    const onAttachments = bucketPolicies().filter(([, policy]) => json(policy.Properties.PolicyDocument).includes('/*/attachments/*'));
    const granted = Object.fromEntries(onAttachments.map(([, policy]) => [json(policy.Properties.Roles).match(/attachmentscreate|attachmentsget|attachmentsdelete|billsimportEInvoice|WebPages|CheckUploadFunction/i)![0].toLowerCase(), actionsOf(policy)]));
    expect(granted).toEqual({
      attachmentscreate: ['s3:PutObject', 's3:PutObjectTagging'],
      attachmentsget: ['s3:GetObject'],
      attachmentsdelete: ['s3:DeleteObject'],
      billsimporteinvoice: ['s3:AbortMultipartUpload', 's3:DeleteObject', 's3:GetObject', 's3:PutObject'],
      // The web function: a record page's file downloads, uploads (it signs the open upload's form) and deletes, and the dashboard's e-invoice import.
      webpages: ['s3:AbortMultipartUpload', 's3:DeleteObject', 's3:DeleteObject', 's3:GetObject', 's3:GetObject', 's3:PutObject', 's3:PutObject', 's3:PutObjectTagging'],
      checkuploadfunction: ['s3:DeleteObject', 's3:DeleteObjectTagging', 's3:GetObject'],
    });
    // Every grant on the bucket's objects names one of the two folders, nothing wider.
    for (const [id, policy] of bucketPolicies()) for (const statement of objectStatements(policy)) expect(json(statement.Resource), id).toMatch(/\/audit-exports\/\*|\/\*\/attachments\/\*/);
    expect(bucketPolicies()).toHaveLength(onAttachments.length + 2);
    const [checkId] = functionNamed("Checks an uploaded attachment's first bytes against its type");
    const [queueId, queue] = ofType('AWS::SQS::Queue').find(([id]) => id.includes('UploadsQueue'))!;
    expect(queue.Properties.RedrivePolicy).toMatchObject({ maxReceiveCount: QUEUES.uploads.maxReceiveCount });
    const mapping = ofType('AWS::Lambda::EventSourceMapping').find(([, resource]) => json(resource.Properties.FunctionName).includes(logicalId(checkId)))![1].Properties;
    expect(json(mapping.EventSourceArn)).toContain(logicalId(queueId));
    const [bucketId, bucket] = ofType('AWS::S3::Bucket').find(([, candidate]) => candidate.Properties.VersioningConfiguration !== undefined)!;
    expect(bucket.Properties.NotificationConfiguration).toEqual({ EventBridgeConfiguration: { EventBridgeEnabled: true } });
    const [, rule] = ofType('AWS::Events::Rule').find(([, candidate]) => json(candidate.Properties.Targets).includes(logicalId(queueId)))!;
    const pattern = rule.Properties.EventPattern as { source: string[]; 'detail-type': string[]; detail: { bucket: { name: unknown[] }; object: { key: unknown[] } } };
    expect(pattern).toMatchObject({ source: ['aws.s3'], 'detail-type': ['Object Created'], detail: { object: { key: [{ wildcard: '*/attachments/*' }] } } });
    expect(json(pattern.detail.bucket.name)).toContain(logicalId(bucketId));
    expect(ofType('Custom::S3BucketNotifications')).toEqual([]);
  });

  it('gives every working queue a dead-letter queue, and every queue an alarm on its depth', () => {
    const queues = ofType('AWS::SQS::Queue');
    const working = queues.filter(([id]) => id.endsWith('Queue') || /Queue[0-9A-F]{8}$/.test(id));
    // Fan-out, delivery, the reminders queue, the bank imports queue, the mail queue, the audit chain's, the audit exports' and the uploads'.
    expect(working.length).toBe(8);
    for (const [id, queue] of working) {
      expect(queue.Properties.RedrivePolicy, id).toMatchObject({ deadLetterTargetArn: expect.anything(), maxReceiveCount: expect.any(Number) });
    }
    const delivery = working.find(([id]) => id.includes('Delivery'))![1];
    expect((delivery.Properties.RedrivePolicy as { maxReceiveCount: number }).maxReceiveCount).toBe(QUEUES.delivery.maxReceiveCount);
    const alarmed = ofType('AWS::CloudWatch::Alarm').map(([, alarm]) => json(alarm.Properties.Dimensions));
    for (const [id] of queues.filter(([queueId]) => !queueId.includes('StreamFailures'))) expect(alarmed.some((dimensions) => dimensions.includes(logicalId(id))), id).toBe(true);
    for (const [id, queue] of queues) expect(queue.Properties.SqsManagedSseEnabled, id).toBe(true);
  });

  it('consumes both queues with per-record failure reports, with grants to send to and re-time deliveries', () => {
    for (const description of ['One webhook delivery per subscribed endpoint', 'Signs and sends one webhook delivery attempt']) {
      const [functionId] = functionNamed(description);
      const mapping = ofType('AWS::Lambda::EventSourceMapping').find(([, resource]) => json(resource.Properties.FunctionName).includes(logicalId(functionId)))![1].Properties;
      expect(mapping.FunctionResponseTypes, description).toEqual(['ReportBatchItemFailures']);
    }
    const policies = ofType('AWS::IAM::Policy').map(([, policy]) => ({ roles: json(policy.Properties.Roles), document: json(policy.Properties.PolicyDocument) }));
    expect(policies.find((policy) => policy.roles.includes('FanOutFunction'))!.document).toContain('sqs:SendMessage');
    expect(policies.find((policy) => policy.roles.includes('DeliverFunction'))!.document).toContain('sqs:ChangeMessageVisibility');
    expect(policies.find((policy) => policy.roles.includes('DeliverFunction'))!.document).toContain('sqs:SendMessage');
    expect(policies.find((policy) => policy.roles.includes('Publisher'))!.document).not.toContain('dynamodb:PutItem');
  });

  it('delivers from a standard queue used as a fair queue (messages grouped by business, not FIFO)', () => {
    const delivery = ofType('AWS::SQS::Queue').find(([id]) => id.includes('Delivery') && !id.includes('Dead'))!;
    expect(delivery, 'delivery queue').toBeDefined();
    expect(delivery[1].Properties.FifoQueue).toBeUndefined();
    expect(delivery[1].Properties.ContentBasedDeduplication).toBeUndefined();
  });

  it('sends e-mails (invoices, invitations, statements) through their own queue: only the mail records reaches it, its worker reports per record, re-times a failure, and dead-letters after the last attempt with an alarm', () => {
    const [rulePath, rule] = ofType('AWS::Events::Rule').find(([id]) => id.includes('MailToMailQueue'))!;
    expect(rule.Properties.EventPattern).toEqual({ source: [EVENT_SOURCE], 'detail-type': [INVOICE_MAIL_EVENT, 'member.invitation', 'statement.mail'] });
    const mailQueue = ofType('AWS::SQS::Queue').find(([id]) => id.includes('MailQueue') && !id.includes('Dead'))!;
    expect(json(rule.Properties.Targets), rulePath).toContain(logicalId(mailQueue[0]));
    expect(mailQueue[1].Properties.RedrivePolicy).toMatchObject({ maxReceiveCount: QUEUES.mail.maxReceiveCount });
    const deadLetter = ofType('AWS::SQS::Queue').find(([id]) => id.includes('MailDeadLetter'))!;
    expect(json(mailQueue[1].Properties.RedrivePolicy)).toContain(logicalId(deadLetter[0]));
    const deadLetterAlarm = ofType('AWS::CloudWatch::Alarm').find(([, alarm]) => json(alarm.Properties.Dimensions).includes(logicalId(deadLetter[0])))!;
    expect(deadLetterAlarm[1].Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', AlarmActions: [expect.anything()] });

    const [functionId, mailFunction] = functionNamed('Builds and sends one e-mail (an invoice, an invitation, a statement) through SES');
    const mapping = ofType('AWS::Lambda::EventSourceMapping').find(([, resource]) => json(resource.Properties.FunctionName).includes(logicalId(functionId)))![1].Properties;
    expect(json(mapping.EventSourceArn)).toContain(logicalId(mailQueue[0]));
    expect(mapping.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    const environment = (mailFunction.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(environment.MAIL_FROM).toEqual({ Ref: 'MailFromAddress' });
    expect(Object.keys(environment)).toEqual(expect.arrayContaining(['TABLE_NAME', 'MAIL_QUEUE_URL', 'LINK_SECRET_ARN']));
    const policy = ofType('AWS::IAM::Policy').find(([, resource]) => json(resource.Properties.Roles).includes('MailFunction'))![1];
    expect(json(policy.Properties.PolicyDocument)).toContain('sqs:ChangeMessageVisibility');
  });

  it('lets only the mail worker send e-mail, through the deploy\'s SES identity and from its one address', () => {
    const sesStatements = ofType('AWS::IAM::Policy').flatMap(([, policy]) =>
      (policy.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown; Condition?: unknown }[] }).Statement.filter((statement) => json(statement.Action).includes('ses:')).map((statement) => ({ roles: json(policy.Properties.Roles), statement })),
    );
    expect(sesStatements).toHaveLength(1);
    const [{ roles, statement }] = sesStatements as [{ roles: string; statement: { Action: string | string[]; Resource: unknown; Condition?: unknown } }];
    expect(roles).toContain('MailFunction');
    expect(statement.Action).toBe('ses:SendEmail');
    expect(json(statement.Resource)).toContain(':identity/');
    expect(json(statement.Resource)).toContain('"Ref":"MailSenderIdentity"');
    expect(json(statement.Resource)).not.toContain('*');
    expect(statement.Condition).toEqual({ StringEquals: { 'ses:FromAddress': { Ref: 'MailFromAddress' } } });
  });
});
