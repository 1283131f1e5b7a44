import { Duration, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { ContextAttribute, Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { QUEUES, REMINDERS_SCHEDULE } from '../../events/queues.ts';
import { grantTable } from './grants.ts';
import { alarmOnDepth, GuardedQueue } from './guarded-queue.ts';
import { ServiceFunction } from './service-function.ts';

export interface RemindersProps {
  readonly table: Table;
}

/**
 * Collections reminders, once a day: EventBridge Scheduler invokes the schedule function (retried, then
 * dead-lettered), which hands each business with reminders on to the reminders queue; the run function sends that
 * business's reminders through the outbox. One business per message, so one that fails is retried and
 * dead-lettered alone, and any number of businesses fit in the schedule function's time.
 */
export class Reminders extends Construct {
  readonly queue: GuardedQueue;
  readonly scheduleFailures: Queue;
  readonly scheduleFunction: ServiceFunction;
  readonly runFunction: ServiceFunction;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: RemindersProps) {
    super(scope, id);
    this.queue = new GuardedQueue(this, 'Queue', { ...QUEUES.reminders, backlogAlarm: 10_000, meaning: 'reminders' });

    this.scheduleFunction = new ServiceFunction(this, 'ScheduleFunction', {
      entry: 'functions/sales/reminders-schedule/schedule.ts',
      description: 'Hands each business with reminders on to the reminders queue, once a day',
      environment: { TABLE_NAME: props.table.tableName, REMINDERS_QUEUE_URL: this.queue.queue.queueUrl },
      timeout: Duration.seconds(REMINDERS_SCHEDULE.timeoutSeconds),
    });
    grantTable(props.table, this.scheduleFunction.role, 'read');
    this.queue.queue.grantSendMessages(this.scheduleFunction.role);

    this.runFunction = new ServiceFunction(this, 'RunFunction', {
      entry: 'functions/sales/reminders-schedule/run.ts',
      description: "Sends one business's due collections reminders through the outbox",
      environment: { TABLE_NAME: props.table.tableName },
      timeout: Duration.seconds(QUEUES.reminders.consumerTimeoutSeconds),
    });
    grantTable(props.table, this.runFunction.role, 'readwrite');
    this.runFunction.fn.addEventSource(new SqsEventSource(this.queue.queue, { batchSize: QUEUES.reminders.batchSize, reportBatchItemFailures: true }));

    this.scheduleFailures = new Queue(this, 'ScheduleFailures', { enforceSSL: true, encryption: QueueEncryption.SQS_MANAGED, retentionPeriod: Duration.days(14) });
    Validations.of(this.scheduleFailures).acknowledge({ id: 'AwsSolutions-SQS3', reason: "This is the schedule target's dead-letter queue itself." });
    alarmOnDepth(this, 'ScheduleFailuresDepth', this.scheduleFailures, 'Reminders: the daily schedule could not invoke its function', 1, 1, 'reminders-schedule-dead-letters');
    const schedulerRole = new Role(this, 'SchedulerRole', { assumedBy: new ServicePrincipal('scheduler.amazonaws.com'), description: 'Lets EventBridge Scheduler invoke the reminders schedule function' });
    Validations.of(schedulerRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(this.scheduleFunction.fn.node.defaultChild as CfnElement)}.Arn>:*]`,
      reason: "The scheduler may invoke the schedule function's versions (`:*`), as CDK's LambdaInvoke target grants; no other function.",
    });
    this.schedule = new Schedule(this, 'Daily', {
      description: 'Collections reminders, daily',
      schedule: ScheduleExpression.expression(REMINDERS_SCHEDULE.cron),
      target: new LambdaInvoke(this.scheduleFunction.fn, {
        role: schedulerRole,
        input: ScheduleTargetInput.fromObject({ scheduled_time: ContextAttribute.scheduledTime }),
        retryAttempts: REMINDERS_SCHEDULE.maximumRetryAttempts,
        maxEventAge: Duration.seconds(REMINDERS_SCHEDULE.maximumEventAgeSeconds),
        deadLetterQueue: this.scheduleFailures,
      }),
    });
  }
}
