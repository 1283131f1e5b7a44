import { afterEach, describe, expect, it, vi } from 'vitest';

describe('business metrics', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes what an invocation counted as one EMF line when it ends, and nothing when it counted nothing', async () => {
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    process.env.POWERTOOLS_DEV = 'false';
    vi.resetModules();
    const { count, milliseconds, telemetry } = await import('../../shared/db/telemetry.ts');
    const { METRIC, METRIC_NAMESPACE } = await import('../../shared/domain/metric-names.ts');
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const publish = telemetry()[1]!.after!;
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
