import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { DeduplicationScope, FifoThroughputLimit, Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** An alarm's name: the stack's, then what it means (`api-5xx-rate`, `mail-dead-letters`), never a function's. */
export const alarmNameOf = (scope: Construct, meaning: string) => `${Stack.of(scope).stackName}-${meaning}`;

/** An alarm when a queue holds `threshold` visible messages or more for `periods` five-minute periods. */
export function alarmOnDepth(scope: Construct, id: string, queue: Queue, description: string, threshold: number, periods: number, meaning: string): Alarm {
  return new Alarm(scope, id, {
    alarmName: alarmNameOf(scope, meaning),
    alarmDescription: description,
    metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
    threshold,
    evaluationPeriods: periods,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/** A queue with its dead-letter queue and an alarm on each one's depth. */
export class GuardedQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetter: Queue;

  /**
   * `meaning` names the queue's alarms: `<meaning>-dead-letters`, `<meaning>-backlog`. `fifo` makes both queues FIFO
   * in high-throughput mode (ordered and deduplicated per message group, a business), as the audit chainer needs.
   */
  constructor(scope: Construct, id: string, settings: { visibilityTimeoutSeconds: number; maxReceiveCount: number; backlogAlarm: number; meaning: string; fifo?: boolean }) {
    super(scope, id);
    const fifo = settings.fifo ? { fifo: true, deduplicationScope: DeduplicationScope.MESSAGE_GROUP, fifoThroughputLimit: FifoThroughputLimit.PER_MESSAGE_GROUP_ID } : {};
    this.deadLetter = new Queue(this, 'DeadLetter', { enforceSSL: true, encryption: QueueEncryption.SQS_MANAGED, retentionPeriod: Duration.days(14), ...fifo });
    Validations.of(this.deadLetter).acknowledge({ id: 'AwsSolutions-SQS3', reason: 'This is the dead-letter queue itself; its messages are inspected and redriven by hand.' });
    this.queue = new Queue(this, 'Queue', {
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      visibilityTimeout: Duration.seconds(settings.visibilityTimeoutSeconds),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetter, maxReceiveCount: settings.maxReceiveCount },
      ...fifo,
    });
    alarmOnDepth(this, 'DeadLetterDepth', this.deadLetter, `${id}: messages reached the dead-letter queue`, 1, 1, `${settings.meaning}-dead-letters`);
    alarmOnDepth(this, 'BacklogDepth', this.queue, `${id}: the queue is backing up`, settings.backlogAlarm, 3, `${settings.meaning}-backlog`);
  }
}
