import * as v from 'valibot';
import type { Form } from '../platform/core/form.ts';
import { parseInput } from '../platform/http/validate.ts';
import { RuleViolation, StateConflict } from '../platform/core/errors.ts';
import { CalendarDate } from '../platform/core/fields.ts';

/**
 * The optional body of every void: the day its reversal is booked. No body, an empty body and `{}` stay valid
 * (the route declares the body optional), and then the reversal takes the original's own date, as Xero and
 * QuickBooks void, so the reports of the original's period no longer show it.
 */
export const VoidInput = v.strictObject({
  void_date: v.optional(v.pipe(CalendarDate, v.description("The day the reversal is booked, on or after the original's date (and, for an invoice, bill or credit document, on or after the last day a settlement of it stood before it was voided); default: the original's own date."))),
});
export type VoidInput = v.InferOutput<typeof VoidInput>;

/**
 * The body of a void of a record that files attach to (documents, money, journals): the void's own, and whether its
 * files go with it. They are evidence, so by default they stay (issue 50: removed only if the business chooses).
 */
export const RecordVoidInput = v.strictObject({
  ...VoidInput.entries,
  remove_attachments: v.optional(v.pipe(v.boolean('must be true or false'), v.description('Also delete its attached files, once it is voided (needs the scope that deletes them, checked first). Default false: files are evidence and stay.'))),
});
export type RecordVoidInput = v.InferOutput<typeof RecordVoidInput>;

/**
 * The day a void's reversal is booked: the one asked for, never before the original's; else the original's own.
 * Nor before `settledThrough`, the last day a settlement of it stood (voided later than it was made): voided
 * earlier, the document would read as void on days money or credit still settled it, and an aged report of those
 * days could no longer both list what was open and tie to the ledger. When the default falls before that day, the
 * void is refused (409) rather than moved: the default stays what api.md says, and the answer names the day.
 */
export function voidDateOf(originalDate: string, input: VoidInput | undefined, settledThrough?: string): string {
  const asked = input?.void_date;
  const stood = settledThrough !== undefined && settledThrough > originalDate ? settledThrough : undefined;
  if (asked === undefined && stood) throw new StateConflict(`A settlement of it stood until ${stood}, when it was voided: void it on or after that day ({ "void_date": "${stood}" }).`);
  if (asked === undefined) return originalDate;
  if (asked < originalDate) throw RuleViolation.of('void_date', `must be on or after the original's date, ${originalDate}`);
  if (stood && asked < stood) throw RuleViolation.of('void_date', `must be on or after ${stood}: a settlement of it stood until then`);
  return asked;
}

/**
 * The void date a record shows: the one it was voided on; a record voided before voids kept their period shows
 * the day it was voided, which is where its reversal was booked then (a posted entry is never edited).
 */
export const shownVoidDate = (record: { readonly voided_at: string | null; readonly void_date?: string }): string | null => (record.voided_at ? (record.void_date ?? record.voided_at.slice(0, 10)) : null);

/** A void booked in a later month than its original: the month it left showing a posting that no longer stands. */
export interface VoidInLaterPeriod {
  readonly document_type: string | null;
  readonly document_no: string | null;
  readonly original_date: string;
  readonly reversal_date: string;
}

/**
 * The voids whose reversal sits in a later month than its original: those made before voids kept their period
 * (a posted entry is never edited, so they stay), or with a later `void_date` asked for. Listed by the rebuild's
 * check so a business can see them.
 */
export function voidsInLaterPeriods(entries: readonly { readonly id: string; readonly date: string; readonly reverses?: string | null; readonly document_type?: string | null; readonly document_no?: string | null }[]): VoidInLaterPeriod[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return entries.flatMap((reversal) => {
    const original = reversal.reverses ? byId.get(reversal.reverses) : undefined;
    if (!original || reversal.date.slice(0, 7) <= original.date.slice(0, 7)) return [];
    return [{ document_type: original.document_type ?? null, document_no: original.document_no ?? null, original_date: original.date, reversal_date: reversal.date }];
  });
}

/** A dashboard form's optional `void_date` (blank: the original's own date), checked as the API's body is. */
export function voidInputOfForm(form: Form): VoidInput {
  const asked = form.void_date?.[0]?.trim();
  return parseInput(VoidInput, asked ? { void_date: asked } : {}, 'body');
}

/** The same, of a record files attach to: its box ticked (`remove_attachments=true`) takes them with the void. */
export function recordVoidInputOfForm(form: Form): RecordVoidInput {
  return { ...voidInputOfForm(form), ...(form.remove_attachments?.[0] === 'true' ? { remove_attachments: true } : {}) };
}
