import { beforeAll, describe, expect, it } from 'vitest';
import { METRIC } from '../../shared/domain/metric-names.ts';
import { resourceQueries, synthesizeForTest, type Resource } from './app-fixture.ts';

let resources: [string, Resource][];
const { ofType, json } = resourceQueries(() => resources);

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

  it('alarms on every function’s errors and throttles', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
    const functions = ofType('AWS::Lambda::Function').length;
    expect(alarms.filter((alarm) => alarm.MetricName === 'Errors' && alarm.Namespace === 'AWS/Lambda')).toHaveLength(functions);
    expect(alarms.filter((alarm) => alarm.MetricName === 'Throttles' && alarm.Namespace === 'AWS/Lambda')).toHaveLength(functions);
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
    expect(alarms.length).toBeGreaterThan(200);
    for (const [id, alarm] of alarms) expect((alarm.Properties.AlarmActions as unknown[] | undefined)?.length, id).toBe(1);
    const keyPolicy = json(ofType('AWS::KMS::Key')[0]![1].Properties.KeyPolicy);
    expect(keyPolicy).toContain('cloudwatch.amazonaws.com');
  });
});
