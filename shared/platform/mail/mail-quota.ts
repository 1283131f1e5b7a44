/**
 * A business's e-mail quota (api.md's security round): recipients per hour, counted in fixed hourly windows, so one
 * business cannot send thousands of messages a minute through the service's sender identity. Pure: what a send
 * of `asked` recipients may do, given what the window holds.
 */
export const HOUR_SECONDS = 3600;
export const DEFAULT_MAIL_RECIPIENTS_PER_HOUR = 500;

export const hourOf = (nowMs: number) => Math.floor(nowMs / 1000 / HOUR_SECONDS);

/** What the quota item holds: its window, the recipients counted in it, and the business's own limit if set. */
export interface MailWindow {
  readonly hour: number;
  readonly recipients: number;
  readonly limit: number | null;
}

export type MailQuotaDecision =
  | { readonly allowed: true; readonly hour: number; readonly fresh: boolean; readonly room: number; readonly limit: number }
  | { readonly allowed: false; readonly retryAfterSeconds: number; readonly used: number; readonly limit: number };

/**
 * Whether `asked` more recipients fit in the current hour. Allowed, it says whether the window starts afresh and
 * how many recipients the stored count may hold before this send (`room`), for the write's condition.
 */
export function decideMailQuota(window: MailWindow | undefined, asked: number, nowMs: number, defaultLimit: number): MailQuotaDecision {
  const hour = hourOf(nowMs);
  const limit = window?.limit ?? defaultLimit;
  const fresh = !window || window.hour < hour;
  const used = fresh ? 0 : window.recipients;
  if (used + asked > limit) return { allowed: false, retryAfterSeconds: Math.max(1, (hour + 1) * HOUR_SECONDS - Math.floor(nowMs / 1000)), used, limit };
  return { allowed: true, hour, fresh, room: limit - asked, limit };
}
