/**
 * Tracing and business metrics on AWS (Powertools Tracer and Metrics). In the db layer because the lowest users
 * are here: the DynamoDB client is traced, and a lost race is counted where it is retried. The local runtime turns
 * metrics off (POWERTOOLS_METRICS_DISABLED), and traces nothing.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import type middy from '@middy/core';
import { METRIC_NAMESPACE, type MetricName } from './metric-names.ts';

/**
 * Whether Powertools' Tracer traces here, by its own rule: inside Lambda (AWS_EXECUTION_ENV set), not under SAM's or
 * Amplify's local emulation, and not switched off by POWERTOOLS_TRACE_ENABLED=false.
 */
export function tracingWanted(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  const executionEnv = env.AWS_EXECUTION_ENV ?? '';
  return (env.POWERTOOLS_TRACE_ENABLED ?? '').toLowerCase() !== 'false' && executionEnv !== '' && executionEnv !== 'AWS_Lambda_amplify-mock' && !env.AWS_SAM_LOCAL;
}

/**
 * The tracer is imported only where it traces. Importing it loads the X-Ray SDK, whose cls-hooked enables an async
 * hook with a destroy callback for the whole process: every promise then costs about ten times as much (300,000
 * awaits: 19 ms before the import, 207 ms after, on this project's machines), though outside Lambda the tracer
 * records nothing. The local runtime, its stream readers and every test process paid that on each await.
 */
const tracer: Tracer | undefined = tracingWanted() ? new (await import('@aws-lambda-powertools/tracer')).Tracer({ serviceName: 'ledger-service' }) : undefined;
const captureHandler = tracer ? (await import('@aws-lambda-powertools/tracer/middleware')).captureLambdaHandler : undefined;

/** A client of an AWS service, each of its calls a subsegment of the invocation's trace where tracing is on. */
export function traced<T>(client: T): T {
  return tracer ? tracer.captureAWSv3Client(client) : client;
}

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
  return [...(tracer && captureHandler ? [captureHandler(tracer, { captureResponse: false })] : []), { after: publish, onError: publish }];
}
