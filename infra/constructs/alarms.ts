import { Aspects, Duration, type IAspect } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct, type IConstruct } from 'constructs';
import { METRIC, METRIC_NAMESPACE } from '../../shared/platform/observability/metric-names.ts';
import type { EventPipeline } from './event-pipeline.ts';
import { alarmNameOf } from './guarded-queue.ts';

export interface ServiceAlarmsProps {
  readonly api: HttpApi;
  /** Its two stream readers, whose lag is the events' and the read models' delay. */
  readonly events: EventPipeline;
}

const FIVE_MINUTES = Duration.minutes(5);

/** A business metric of the service, as Powertools Metrics writes it (its one dimension is the service). */
const serviceMetric = (metricName: string) => new Metric({ namespace: METRIC_NAMESPACE, metricName, dimensionsMap: { service: 'ledger-service' }, statistic: 'Sum', period: FIVE_MINUTES });

/**
 * Where the service calls for a person: a few alarms, each on a metric of the whole service and named for what it
 * means (never one per function), all notifying one SNS topic (encrypted with a key CloudWatch may use; an aspect
 * adds the action, so no alarm can be built without it). Dead-letter and backlog depths are alarmed where their
 * queues are built (`guarded-queue.ts`), with names of the same form.
 */
export class ServiceAlarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: ServiceAlarmsProps) {
    super(scope, id);
    const key = new Key(this, 'TopicKey', { description: 'Encrypts the alarm topic', enableKeyRotation: true });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'Topic', { displayName: 'ledger-service alarms', masterKey: key, enforceSSL: true });

    const alarm = (alarmId: string, meaning: string, description: string, metric: IMetric, threshold: number, evaluationPeriods: number) =>
      new Alarm(this, alarmId, { alarmName: alarmNameOf(this, meaning), alarmDescription: description, metric, threshold, evaluationPeriods, comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD, treatMissingData: TreatMissingData.NOT_BREACHING });
    /** A percentage that only counts once there is enough traffic to mean something. */
    const rate = (part: IMetric, whole: IMetric, label: string) => new MathExpression({ expression: 'IF(whole >= 20, 100 * part / whole, 0)', usingMetrics: { part, whole }, period: FIVE_MINUTES, label });

    alarm('Api5xxRate', 'api-5xx-rate', 'The API answered 5xx to 1 % of requests or more', rate(props.api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }), props.api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' }), 'API 5xx %'), 1, 2);
    alarm('ApiLatencyP99', 'api-latency-p99', "The API's p99 latency was 3 s or more for 15 minutes", props.api.metricLatency({ period: FIVE_MINUTES, statistic: 'p99' }), 3000, 3);
    alarm('ServiceErrors', 'service-errors', 'Requests failed with a 5xx in the handler stack (any route: API, pages, OAuth, rails) 5 times or more in 5 minutes', serviceMetric(METRIC.serviceErrors), 5, 1);
    alarm('WebhookFailureRate', 'webhook-failure-rate', 'Half of the webhook delivery attempts or more failed', rate(serviceMetric(METRIC.webhookFailures), serviceMetric(METRIC.webhookAttempts), 'webhook failures %'), 50, 2);
    alarm('EventsLag', 'events-lag', 'Outbox events reached the bus a minute or more after their commit (the stream publisher is behind)', props.events.publisher.fn.metric('IteratorAge', { statistic: 'Maximum', period: FIVE_MINUTES }), 60_000, 2);
    alarm('ProjectionLag', 'projection-lag', 'The read models (documents by status, bank amount indexes, queued imports) lag their records by a minute or more', props.events.projector.fn.metric('IteratorAge', { statistic: 'Maximum', period: FIVE_MINUTES }), 60_000, 2);
    alarm('Throttles', 'lambda-throttles', "Lambda throttled the account's functions (concurrency is exhausted)", new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', statistic: 'Sum', period: FIVE_MINUTES }), 1, 1);

    const action = new SnsAction(this.topic);
    const notify: IAspect = {
      visit(node: IConstruct) {
        if (node instanceof Alarm) node.addAlarmAction(action);
      },
    };
    Aspects.of(scope).add(notify);
  }
}
