import { beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, REMINDERS_SCHEDULE } from '../../events/queues.ts';
import { resourceQueries, synthesizeForTest, type Resource } from './app-fixture.ts';

let resources: [string, Resource][];
const { ofType, json, logicalId, functionNamed } = resourceQueries(() => resources);

beforeAll(() => {
  resources = synthesizeForTest().allResources();
});

describe('the daily reminders', () => {
  it('runs on an EventBridge Scheduler schedule that invokes its own function with the scheduled time, retried, then dead-lettered', () => {
    const schedules = ofType('AWS::Scheduler::Schedule');
    expect(schedules).toHaveLength(1);
    const schedule = schedules[0]![1].Properties as { ScheduleExpression: string; State?: string; Target: { Arn: unknown; Input: string; RetryPolicy: Record<string, number>; DeadLetterConfig: { Arn: unknown }; RoleArn: unknown } };
    expect(schedule.ScheduleExpression).toBe(REMINDERS_SCHEDULE.cron);
    const [scheduleFunctionId] = functionNamed('Hands each business with reminders on to the reminders queue, once a day');
    expect(json(schedule.Target.Arn)).toContain(logicalId(scheduleFunctionId));
    expect(JSON.parse(schedule.Target.Input)).toEqual({ scheduled_time: '<aws.scheduler.scheduled-time>' });
    expect(schedule.Target.RetryPolicy).toEqual({ MaximumRetryAttempts: REMINDERS_SCHEDULE.maximumRetryAttempts, MaximumEventAgeInSeconds: REMINDERS_SCHEDULE.maximumEventAgeSeconds });
    const [failuresId] = ofType('AWS::SQS::Queue').find(([id]) => id.includes('ScheduleFailures'))!;
    expect(json(schedule.Target.DeadLetterConfig.Arn)).toContain(logicalId(failuresId));
    const invoke = ofType('AWS::IAM::Policy').find(([, policy]) => json(policy.Properties.PolicyDocument).includes('lambda:InvokeFunction') && json(policy.Properties.PolicyDocument).includes(logicalId(scheduleFunctionId)));
    expect(invoke, 'the scheduler role may invoke the schedule function').toBeDefined();
  });

  it('hands each business to a queue with a dead-letter queue, consumed by the run function with per-record failures', () => {
    const queue = ofType('AWS::SQS::Queue').find(([id]) => /RemindersQueue[0-9A-F]{8}$/.test(id))!;
    expect(queue[1].Properties.RedrivePolicy).toMatchObject({ deadLetterTargetArn: expect.anything(), maxReceiveCount: QUEUES.reminders.maxReceiveCount });
    const [runId, run] = functionNamed("Sends one business's due collections reminders through the outbox");
    const mapping = ofType('AWS::Lambda::EventSourceMapping').find(([, resource]) => json(resource.Properties.FunctionName).includes(logicalId(runId)))![1].Properties;
    expect(json(mapping.EventSourceArn)).toContain(logicalId(queue[0]));
    expect(mapping.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect((run.Properties.Timeout as number)).toBe(QUEUES.reminders.consumerTimeoutSeconds);
    const [scheduleFunctionId, scheduleFunction] = functionNamed('Hands each business with reminders on to the reminders queue, once a day');
    expect(json((scheduleFunction.Properties.Environment as { Variables: unknown }).Variables)).toContain('REMINDERS_QUEUE_URL');
    const send = ofType('AWS::IAM::Policy').find(([, policy]) => json(policy.Properties.PolicyDocument).includes('sqs:SendMessage') && json(policy.Properties.Roles).includes(logicalId(scheduleFunctionId).replace(/Function[0-9A-F]{8}$/, '')));
    expect(send).toBeDefined();
  });
});
