/**
 * Who is acting in this request or job, for the audit entry every change writes: set once by the handler stack
 * from the verified credential (each handler kind says who its caller is), or by a worker as the service. A use
 * case never passes it along; `currentActing` reads it where the entry is written.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditActor } from './entry.ts';

export interface Acting {
  readonly actor: AuditActor;
  readonly requestId: string | null;
  readonly clientIp: string | null;
}

const acting = new AsyncLocalStorage<Acting>();

/** The service itself: recurring runs, auto rules, the payout rail's worker, migrations, the mail worker. */
export function serviceActor(job: string): AuditActor {
  return { type: 'service', id: job, name: job, user_id: null };
}

/** Runs `work` as `who`: every audit entry written inside names them. */
export function actingAs<T>(who: Acting, work: () => Promise<T>): Promise<T> {
  return acting.run(who, work);
}

/** Who is acting here; outside any request or named job, the service. */
export function currentActing(): Acting {
  return acting.getStore() ?? { actor: serviceActor('service'), requestId: null, clientIp: null };
}
