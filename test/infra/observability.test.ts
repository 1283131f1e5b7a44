import { beforeAll, describe, expect, it } from 'vitest';
import { METRIC } from '../../shared/platform/observability/metric-names.ts';
import { resourceQueries, synthesizeForTest, type Resource } from './app-fixture.ts';

let resources: [string, Resource][];
const { ofType, json, logicalId } = resourceQueries(() => resources);

beforeAll(() => {
  resources = synthesizeForTest().allResources();
});

describe('observability on AWS', () => {
  it('traces every function with X-Ray and gives it the Powertools layer of the version the code uses', () => {
    const functions = ofType('AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(100);
    for (const [id, fn] of functions) {
      expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
      expect((fn.Properties.Layers as unknown[] | undefined)?.length, id).toBe(1);
    }
    // The layer's ARN is read from the public SSM parameter of that version, in each stack that has functions.
    expect(json(synthesizeForTest().template().toJSON().Parameters)).toContain('/aws/service/powertools/typescript/generic/all/2.35.0');
  });

  it('alarms by meaning, not by function: at most 40 in all, each named for what it means, none on one function alone', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
    expect(alarms.length).toBeGreaterThanOrEqual(10);
    expect(alarms.length).toBeLessThanOrEqual(40);
    const names = alarms.map((alarm) => json(alarm.AlarmName));
    for (const name of names) expect(name).toMatch(/^"LedgerService-[a-z0-9]+(-[a-z0-9]+)*"$/);
    expect(new Set(names).size).toBe(names.length);
    for (const meaning of ['api-5xx-rate', 'api-latency-p99', 'service-errors', 'webhook-failure-rate', 'events-lag', 'projection-lag', 'lambda-throttles', 'mail-dead-letters', 'stream-dead-letters']) {
      expect(names.some((name) => name.includes(`-${meaning}`)), meaning).toBe(true);
    }
    // No alarm watches one function's Errors or Throttles: 274 functions made 548 of them.
    expect(alarms.filter((alarm) => alarm.Namespace === 'AWS/Lambda' && json(alarm.Dimensions ?? []).includes('FunctionName') && ['Errors', 'Throttles'].includes(String(alarm.MetricName)))).toEqual([]);
    // The service-wide error metric has the one dimension Powertools writes.
    const errors = alarms.find((alarm) => alarm.MetricName === METRIC.serviceErrors)!;
    expect(errors.Dimensions).toEqual([{ Name: 'service', Value: 'ledger-service' }]);
  });

  it('alarms on the depth of every dead-letter queue (every queue that is the dead letter of another, and every failure destination)', () => {
    const queues = ofType('AWS::SQS::Queue');
    const alarmed = ofType('AWS::CloudWatch::Alarm').map(([, alarm]) => json(alarm.Properties.Dimensions));
    const deadLetters = new Set(queues.flatMap(([, queue]) => { const target = (queue.Properties.RedrivePolicy as { deadLetterTargetArn?: unknown } | undefined)?.deadLetterTargetArn; return target ? [json(target)] : []; }));
    // Fan-out, delivery, reminders, imports, mail, the audit chain's, the audit exports' and the uploads'.
    expect(deadLetters.size).toBe(8);
    for (const [id] of queues.filter(([queueId]) => /DeadLetter|Failures/.test(queueId))) expect(alarmed.some((dimensions) => dimensions.includes(logicalId(id))), id).toBe(true);
  });

  it('alarms on the API’s 5xx rate and the webhook delivery failure rate, from metric math', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
    const api = alarms.find((alarm) => String(alarm.AlarmDescription).includes('5xx'))!;
    expect(json(api.Metrics)).toContain('5xx');
    expect(json(api.Metrics)).toContain('IF(whole >= 20, 100 * part / whole, 0)');
    const webhooks = alarms.find((alarm) => String(alarm.AlarmDescription).includes('webhook delivery attempts'))!;
    expect(json(webhooks.Metrics)).toContain(METRIC.webhookFailures);
    expect(json(webhooks.Metrics)).toContain(METRIC.webhookAttempts);
  });

  it('sends every alarm of every stack to one encrypted SNS topic', () => {
    const topics = ofType('AWS::SNS::Topic');
    expect(topics).toHaveLength(1);
    expect(topics[0]![1].Properties.KmsMasterKeyId).toBeDefined();
    const alarms = ofType('AWS::CloudWatch::Alarm');
    expect(alarms.length).toBeGreaterThan(0);
    for (const [id, alarm] of alarms) expect((alarm.Properties.AlarmActions as unknown[] | undefined)?.length, id).toBe(1);
    const keyPolicy = json(ofType('AWS::KMS::Key')[0]![1].Properties.KeyPolicy);
    expect(keyPolicy).toContain('cloudwatch.amazonaws.com');
  });
});
