/**
 * What an action moved on a record, field by field, pure: every field of a creation (from null), every field of a
 * removal (to null), and on a change the fields whose values differ (compared deeply, so an address object
 * rewritten equal in another key order is no change). A secret (a password hash, a key's secret, a signing secret) is
 * never copied into the trail: only that it changed.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AuditChange } from './entry.ts';

/** What a secret field's `from` and `to` read instead of its value. */
export const SECRET_VALUE = '[secret]';

/** A record or resource, read field by field. */
type Fields = object;

export interface ChangeRules {
  /** Fields never copied (password hashes, secrets): a change names them with `SECRET_VALUE`. */
  readonly secret?: ReadonlySet<string>;
  /** Bookkeeping that moves with every change and says nothing of it (`updated_at`, `version`). */
  readonly ignored?: ReadonlySet<string>;
}

const DEFAULT_IGNORED: ReadonlySet<string> = new Set(['updated_at', 'version']);

export function changesOf(before: Fields | null, after: Fields | null, rules: ChangeRules = {}): AuditChange[] {
  const ignored = rules.ignored ?? DEFAULT_IGNORED;
  const secret = rules.secret ?? new Set<string>();
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((field) => !ignored.has(field)).sort();
  const valueOf = (record: Fields | null, field: string) => {
    const value = record === null ? undefined : (record as Readonly<Record<string, unknown>>)[field];
    return value === undefined ? null : value;
  };
  return fields.flatMap((field): AuditChange[] => {
    const from = valueOf(before, field);
    const to = valueOf(after, field);
    if (isDeepStrictEqual(from, to)) return [];
    return secret.has(field) ? [{ field, from: from === null ? null : SECRET_VALUE, to: to === null ? null : SECRET_VALUE }] : [{ field, from, to }];
  });
}
