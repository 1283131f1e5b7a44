import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { engineHeap, startEngine } from '../../infra/local/engine.ts';

describe('DynamoDB Local', () => {
  const saved = process.env.DYNAMODB_HEAP;
  afterEach(() => {
    if (saved === undefined) delete process.env.DYNAMODB_HEAP;
    else process.env.DYNAMODB_HEAP = saved;
  });

  it('runs with a bounded heap, DYNAMODB_HEAP or 2g, and its telemetry off, and leaves this process’s environment as it was', async () => {
    process.env.DYNAMODB_HEAP = '384m';
    const before = { ...process.env };
    const engine = await startEngine(null);
    try {
      const environment = readFileSync(`/proc/${engine.pid}/environ`, 'utf8').split('\0');
      expect(environment).toContain('JAVA_TOOL_OPTIONS=-Xmx384m');
      expect(environment).toContain('DDB_LOCAL_TELEMETRY=0');
      expect(process.env).toEqual(before);
    } finally {
      await engine.stop();
    }
  }, 60_000);

  it('refuses a heap setting Java would not take, naming it', () => {
    expect(engineHeap(undefined)).toBe('2g');
    expect(engineHeap('512m')).toBe('512m');
    for (const bad of ['', '2', '2gb', '-Xmx2g', '0g', '1t']) expect(() => engineHeap(bad)).toThrow(/DYNAMODB_HEAP/);
  });
});
