/**
 * Seams for tests and benchmarks, kept on globalThis so that every copy of this module in a process sees the same
 * registry. Production code only ever calls `runTestHook` and `reportMetric`, which do nothing unless a test or
 * the benchmark installed something.
 */
type TestHook = 'afterMoneyCommit';
type MetricName = 'transaction';

interface Registry {
  hooks: Partial<Record<TestHook, () => void>>;
  metrics: Partial<Record<MetricName, (value: Record<string, unknown>) => void>>;
}

const holder = globalThis as typeof globalThis & { __ledgerHooks?: Registry };
const registry: Registry = (holder.__ledgerHooks ??= { hooks: {}, metrics: {} });

export function runTestHook(name: TestHook): void {
  registry.hooks[name]?.();
}

export function setTestHook(name: TestHook, hook: (() => void) | undefined): void {
  registry.hooks[name] = hook;
}

export function reportMetric(name: MetricName, value: Record<string, unknown>): void {
  registry.metrics[name]?.(value);
}

export function onMetric(name: MetricName, sink: ((value: Record<string, unknown>) => void) | undefined): void {
  registry.metrics[name] = sink;
}
