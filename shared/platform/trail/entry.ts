/**
 * An audit entry (api.md, "Audit trail"): one action on a business's records, written in the action's own
 * transaction, unchained (`seq`, `prev_hash`, `hash` null) until the chainer places it (`shared/audit/chain.ts`).
 */
export type AuditActorType = 'user' | 'api_key' | 'oauth_app' | 'service';

export interface AuditActor {
  readonly type: AuditActorType;
  readonly id: string;
  readonly name: string | null;
  /** The user an API key belongs to or an OAuth app acts for, when there is one. */
  readonly user_id: string | null;
}

export interface AuditRecordRef {
  readonly type: string;
  readonly id: string;
  readonly no: string | null;
}

export interface AuditChange {
  readonly field: string;
  readonly from: unknown;
  readonly to: unknown;
}

/** One action on a business's records, as written in the action's own transaction (unchained: seq and hashes null). */
export interface AuditEntry {
  readonly id: string;
  readonly seq: number | null;
  readonly at: string;
  readonly actor: AuditActor;
  readonly action: string;
  readonly record: AuditRecordRef;
  readonly related: readonly AuditRecordRef[];
  readonly changes: readonly AuditChange[];
  readonly request_id: string | null;
  readonly client_ip: string | null;
  readonly prev_hash: string | null;
  readonly hash: string | null;
}

/** What a use case says of its action; who acted and the request come from `currentActing`. */
export interface AuditAction {
  readonly action: string;
  readonly record: AuditRecordRef;
  readonly related?: readonly AuditRecordRef[];
  readonly changes: readonly AuditChange[];
}
