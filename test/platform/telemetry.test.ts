import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';


describe('business metrics', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes what an invocation counted as one EMF line when it ends, and nothing when it counted nothing', async () => {
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    process.env.POWERTOOLS_DEV = 'false';
    vi.resetModules();
    const { count, milliseconds, telemetry } = await import('../../shared/platform/observability/telemetry.ts');
    const { METRIC, METRIC_NAMESPACE } = await import('../../shared/platform/observability/metric-names.ts');
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const publish = telemetry().at(-1)!.after!;
    await publish({} as never);
    expect(lines).toEqual([]);

    count(METRIC.postings);
    count(METRIC.lostRaces, 2);
    milliseconds(METRIC.webhookLatency, 120);
    await publish({} as never);
    expect(lines).toHaveLength(1);
    const emf = JSON.parse(lines[0]!) as { _aws: { CloudWatchMetrics: { Namespace: string; Metrics: { Name: string; Unit: string }[] }[] } } & Record<string, unknown>;
    expect(emf._aws.CloudWatchMetrics[0]!.Namespace).toBe(METRIC_NAMESPACE);
    expect(emf._aws.CloudWatchMetrics[0]!.Metrics).toEqual(expect.arrayContaining([{ Name: 'Postings', Unit: 'Count' }, { Name: 'LostRaces', Unit: 'Count' }, { Name: 'WebhookLatency', Unit: 'Milliseconds' }]));
    expect(emf).toMatchObject({ Postings: 1, LostRaces: 2, WebhookLatency: 120, service: 'ledger-service' });
  });
});

describe('tracing', () => {
  afterEach(() => {
    for (const name of ['AWS_EXECUTION_ENV', 'AWS_SAM_LOCAL', 'POWERTOOLS_TRACE_ENABLED']) delete process.env[name];
    vi.resetModules();
  });

  it('outside Lambda leaves clients as they are, adds no handler segment, and never loads the X-Ray SDK', async () => {
    const { telemetry, traced } = await import('../../shared/platform/observability/telemetry.ts');
    const client = new DynamoDBClient({ region: 'local' });
    const stack = client.middlewareStack.identify();
    expect(traced(client)).toBe(client);
    expect(client.middlewareStack.identify()).toEqual(stack);
    expect(telemetry()).toHaveLength(1);
    // Its cls-hooked would make every promise of the process about ten times dearer. (First in this file: the next test loads it.)
    expect(Object.keys(createRequire(import.meta.url).cache).filter((path) => path.includes('aws-xray-sdk-core') || path.includes('cls-hooked'))).toEqual([]);
  });

  it('is wanted exactly where Powertools\' Tracer traces', async () => {
    const { tracingWanted } = await import('../../shared/platform/observability/telemetry.ts');
    const { Tracer } = await import('@aws-lambda-powertools/tracer');
    const cases: Record<string, string>[] = [
      {},
      { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x' },
      { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', POWERTOOLS_TRACE_ENABLED: 'false' },
      { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', POWERTOOLS_TRACE_ENABLED: 'FALSE' },
      { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', POWERTOOLS_TRACE_ENABLED: 'true' },
      { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', AWS_SAM_LOCAL: 'true' },
      { AWS_EXECUTION_ENV: 'AWS_Lambda_amplify-mock' },
      { POWERTOOLS_TRACE_ENABLED: 'true' },
    ];
    for (const env of cases) {
      Object.assign(process.env, env);
      expect(tracingWanted(env), JSON.stringify(env)).toBe(new Tracer().isTracingEnabled());
      for (const name of Object.keys(env)) delete process.env[name];
    }
    expect(tracingWanted({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x' })).toBe(true);
  });

  it('inside Lambda traces each client\'s calls and opens a segment per invocation', async () => {
    process.env.AWS_EXECUTION_ENV = 'AWS_Lambda_nodejs22.x';
    const { telemetry, traced } = await import('../../shared/platform/observability/telemetry.ts');
    const client = new DynamoDBClient({ region: 'local' });
    const stack = client.middlewareStack.identify();
    traced(client);
    expect(client.middlewareStack.identify().length).toBeGreaterThan(stack.length);
    expect(telemetry()).toHaveLength(2);
  });
});

