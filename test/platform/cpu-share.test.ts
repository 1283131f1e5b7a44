import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CpuShare } from '../load/cpu-share.ts';

/** Spends `ms` milliseconds of this process's CPU time (by its own clock, so a busy machine cannot shorten it). */
function spin(ms: number): void {
  const start = process.cpuUsage();
  for (;;) {
    const spent = process.cpuUsage(start);
    if ((spent.user + spent.system) / 1000 >= ms) return;
  }
}

describe('the benches\' CPU share', () => {
  it('counts this process\'s CPU per unit, and another process\'s by its pid', async () => {
    // The other process spends 300 ms of its CPU, says so, then idles until it is ended: its CPU is the "engine's".
    const other = spawn(process.execPath, ['-e', 'const s = process.cpuUsage(); for (;;) { const d = process.cpuUsage(s); if (d.user + d.system >= 300_000) break; } console.log("spent"); setTimeout(() => {}, 60_000);']);
    const spent = new Promise((resolve) => other.stdout.once('data', resolve));
    try {
      const share = new CpuShare(other.pid!);
      await share.measure(4, async () => {
        spin(200);
        await spent;
      });
      const { process: own, engine } = share.perUnitMs();
      // 200 ms of spinning over 4 units here; 300 ms (and the other process's start) over 4 there.
      expect(own).toBeGreaterThanOrEqual(49);
      expect(own).toBeLessThan(90);
      if (process.platform === 'linux') {
        expect(engine).toBeGreaterThanOrEqual(72);
        expect(engine).toBeLessThan(200);
      }
      expect(share.perUnit()).toMatch(/^this process \d+\.\d ms, engine (\d+\.\d ms|unknown)$/);
    } finally {
      other.kill();
    }
  });

  it('says the engine\'s share is unknown when its process cannot be read', async () => {
    const share = new CpuShare(2 ** 30);
    await share.measure(1, async () => spin(5));
    expect(share.perUnitMs().engine).toBeUndefined();
    expect(share.perUnit()).toMatch(/engine unknown$/);
  });
});
