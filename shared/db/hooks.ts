/**
 * Seams for tests and benchmarks, kept on globalThis so that every copy of this module in a process sees the same
 * registry. Production code only ever calls `runTestHook` and `reportMetric`, which do nothing unless a test or
 * the benchmark installed something.
 */
type TestHook = 'beforeMoneyCommit' | 'afterMoneyCommit';
type MetricName = 'transaction';

interface Registry {
  hooks: Partial<Record<TestHook, () => void | Promise<void>>>;
  metrics: Partial<Record<MetricName, (value: Record<string, unknown>) => void>>;
}

const holder = globalThis as typeof globalThis & { __ledgerHooks?: Registry };
const registry: Registry = (holder.__ledgerHooks ??= { hooks: {}, metrics: {} });

export async function runTestHook(name: TestHook): Promise<void> {
  await registry.hooks[name]?.();
}

export function setTestHook(name: TestHook, hook: (() => void | Promise<void>) | undefined): void {
  registry.hooks[name] = hook;
}

export function reportMetric(name: MetricName, value: Record<string, unknown>): void {
  registry.metrics[name]?.(value);
}

export function onMetric(name: MetricName, sink: ((value: Record<string, unknown>) => void) | undefined): void {
  registry.metrics[name] = sink;
}
