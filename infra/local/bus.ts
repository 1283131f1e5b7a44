import { randomUUID } from 'node:crypto';
import { matchesPattern } from '../../events/pattern.ts';
import { BUS_RULES, type RuleTarget } from '../../events/rules.ts';
import type { BusEntry, EventBus } from '../../shared/platform/outbox/transports.ts';
import type { LocalQueue } from './queue.ts';

/**
 * The EventBridge bus in the process: each entry becomes the event envelope EventBridge delivers, and every rule
 * of `events/rules.ts` whose pattern matches sends it to its target queue. Tests may make it refuse entries.
 */
export class LocalEventBus implements EventBus {
  private refuse: ((entry: BusEntry) => boolean) | undefined;

  constructor(private readonly targets: Record<RuleTarget, LocalQueue>) {}

  /** Refuses, once each, the entries the predicate picks, as PutEvents does with a per-entry error. */
  refuseOnce(predicate: (entry: BusEntry) => boolean): void {
    const refused = new Set<string>();
    this.refuse = (entry) => {
      if (refused.has(entry.detail) || !predicate(entry)) return false;
      refused.add(entry.detail);
      return true;
    };
  }

  async putEvents(entries: readonly BusEntry[]): Promise<{ failedIndexes: number[] }> {
    const failedIndexes: number[] = [];
    entries.forEach((entry, index) => {
      if (this.refuse?.(entry)) {
        failedIndexes.push(index);
        return;
      }
      const envelope = {
        version: '0',
        id: randomUUID(),
        'detail-type': entry.detailType,
        source: entry.source,
        account: '000000000000',
        time: new Date().toISOString(),
        region: 'local',
        resources: [],
        detail: JSON.parse(entry.detail) as unknown,
      };
      // Grouped by business, so that the fan-out queue takes turns among businesses (see LocalQueue).
      const business = (envelope.detail as { business_id?: unknown } | null)?.business_id;
      for (const rule of BUS_RULES) if (matchesPattern(rule.pattern, envelope)) this.targets[rule.target].send(JSON.stringify(envelope), 0, typeof business === 'string' ? business : undefined);
    });
    return { failedIndexes };
  }
}
