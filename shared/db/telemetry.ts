/**
 * Tracing and business metrics on AWS (Powertools Tracer and Metrics). In the db layer because the lowest users
 * are here: the DynamoDB client is traced, and a lost race is counted where it is retried. Outside Lambda the
 * tracer is off by itself, and the local runtime turns metrics off (POWERTOOLS_METRICS_DISABLED).
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type middy from '@middy/core';
import { METRIC_NAMESPACE, type MetricName } from '../domain/metric-names.ts';

export const tracer = new Tracer({ serviceName: 'ledger-service' });
// Built on first use: Metrics reads POWERTOOLS_METRICS_DISABLED when built, and the local runtime sets it after
// this module may already have been imported.
let metrics: Metrics | undefined;
const metricsOf = () => (metrics ??= new Metrics({ namespace: METRIC_NAMESPACE, serviceName: 'ledger-service' }));

export function count(name: MetricName, value = 1): void {
  metricsOf().addMetric(name, MetricUnit.Count, value);
}

export function milliseconds(name: MetricName, value: number): void {
  metricsOf().addMetric(name, MetricUnit.Milliseconds, value);
}

/**
 * What every function's middy stack adds: a trace segment per invocation, and the metrics it recorded written
 * as one EMF line when it ends (none when it recorded none, rather than Powertools' warning on every read).
 */
export function telemetry(): middy.MiddlewareObj[] {
  const publish = async () => {
    if (metrics?.hasStoredMetrics()) metrics.publishStoredMetrics();
  };
  return [captureLambdaHandler(tracer, { captureResponse: false }), { after: publish, onError: publish }];
}
