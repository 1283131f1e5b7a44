/**
 * CPU time spent by this process and by the engine's JVM while a block of work runs, per unit of that work.
 *
 * Receipts and the bare loop share two cores with the engine, so their rates alone cannot say whose work a gap is.
 * The time each process was on a CPU can: read for this process from `process.cpuUsage()`, and for the engine from
 * its `/proc/<pid>/stat` (user and system clock ticks, Linux only; elsewhere the engine's share reads as unknown).
 */
import { readFileSync } from 'node:fs';

/** Linux's USER_HZ, which `/proc/<pid>/stat` counts in: 100 on every architecture Node runs on there. */
const MS_PER_TICK = 10;

function engineCpuMs(pid: number): number | undefined {
  try {
    // Fields after the command name (which may hold spaces, so split after its closing parenthesis): utime is the
    // 14th field of the line, the 12th after the name; stime the next.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return undefined;
  }
}

/** CPU milliseconds of this process and of the engine, summed over the blocks measured. */
export class CpuShare {
  private processMs = 0;
  private engineMs: number | undefined = 0;
  private units = 0;

  constructor(private readonly enginePid: number) {}

  /** Runs `block` (which does `units` of work) and adds the CPU both processes spent meanwhile. */
  async measure<T>(units: number, block: () => Promise<T>): Promise<T> {
    const processBefore = process.cpuUsage();
    const engineBefore = engineCpuMs(this.enginePid);
    const result = await block();
    const spent = process.cpuUsage(processBefore);
    const engineAfter = engineCpuMs(this.enginePid);
    this.processMs += (spent.user + spent.system) / 1000;
    this.engineMs = this.engineMs === undefined || engineBefore === undefined || engineAfter === undefined ? undefined : this.engineMs + engineAfter - engineBefore;
    this.units += units;
    return result;
  }

  /** Milliseconds per unit: this process's, and the engine's (undefined where it could not be read). */
  perUnitMs(): { readonly process: number; readonly engine: number | undefined } {
    const units = Math.max(1, this.units);
    return { process: this.processMs / units, engine: this.engineMs === undefined ? undefined : this.engineMs / units };
  }

  /** `this process 9.8 ms, engine 18.1 ms` per unit. */
  perUnit(): string {
    const { process: own, engine } = this.perUnitMs();
    return `this process ${own.toFixed(1)} ms, engine ${engine === undefined ? 'unknown' : `${engine.toFixed(1)} ms`}`;
  }
}
