import { Aspects, Duration, type IAspect } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct, type IConstruct } from 'constructs';
import { METRIC, METRIC_NAMESPACE } from '../../shared/domain/metric-names.ts';

export interface ServiceAlarmsProps {
  readonly api: HttpApi;
}

/** A business metric of the service, as Powertools Metrics writes it (its default dimension is the service). */
const serviceMetric = (metricName: string) => new Metric({ namespace: METRIC_NAMESPACE, metricName, dimensionsMap: { service: 'ledger-service' }, statistic: 'Sum', period: Duration.minutes(5) });

/** An alarm on a percentage that only counts once there is enough traffic to mean something. */
function rateAlarm(scope: Construct, id: string, description: string, part: Metric, whole: Metric, percent: number): Alarm {
  return new Alarm(scope, id, {
    alarmDescription: description,
    metric: new MathExpression({ expression: `IF(whole >= 20, 100 * part / whole, 0)`, usingMetrics: { part, whole }, period: Duration.minutes(5), label: `${id} %` }),
    threshold: percent,
    evaluationPeriods: 2,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/**
 * Where the service calls for a person: one SNS topic (encrypted with a key CloudWatch may use) that every alarm
 * of the stack and its nested stacks notifies (an aspect adds the action, so no alarm can be built without it),
 * plus the two rate alarms no single resource owns: the API's 5xx rate and the webhook delivery failure rate.
 * Dead-letter depths and each function's errors and throttles are alarmed where those resources are built.
 */
export class ServiceAlarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: ServiceAlarmsProps) {
    super(scope, id);
    const key = new Key(this, 'TopicKey', { description: 'Encrypts the alarm topic', enableKeyRotation: true });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'Topic', { displayName: 'ledger-service alarms', masterKey: key, enforceSSL: true });

    rateAlarm(this, 'Api5xxRate', 'The API answered 5xx to 1 % of requests or more', props.api.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' }), props.api.metricCount({ period: Duration.minutes(5), statistic: 'Sum' }), 1);
    rateAlarm(this, 'WebhookFailureRate', 'Half of the webhook delivery attempts or more failed', serviceMetric(METRIC.webhookFailures), serviceMetric(METRIC.webhookAttempts), 50);

    const action = new SnsAction(this.topic);
    const notify: IAspect = {
      visit(node: IConstruct) {
        if (node instanceof Alarm) node.addAlarmAction(action);
      },
    };
    Aspects.of(scope).add(notify);
  }
}
