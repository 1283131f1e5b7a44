/**
 * A refusal drawn on a hand-built form (the webhook, API key and payout rail forms, whose ticked groups the
 * declared fields of `record-form.ts` do not draw): what was typed stays, each problem sits beside the field it
 * names, and the rest above the form, as the declared forms do.
 */
import type { VNode } from 'preact';
import type { FieldProblem } from '../core/errors.ts';
import type { Form } from '../core/form.ts';
import { Problem } from './layout.tsx';
import { placeProblems } from './record-form-rules.ts';

/** A refused post of a form: what was posted and why it was refused. */
export interface FormEntry {
  readonly typed: Form;
  readonly problems: readonly FieldProblem[];
}

export interface PlacedEntry {
  /** The first value typed in a field (or `fallback`, the value the form shows when nothing was posted). */
  value(name: string, fallback?: string): string;
  /** Whether a ticked group's box was ticked (or, with nothing posted, `fallback`). */
  ticked(name: string, value: string, fallback?: boolean): boolean;
  /** The attributes that tie a field to its problem, for its input. */
  invalid(name: string): { readonly 'aria-invalid'?: 'true'; readonly 'aria-describedby'?: string };
  /** The problems beside one field. */
  errors(name: string): VNode | null;
  /** The problems that name no field of the form, or a summary when every one sits beside its field. */
  readonly above: VNode | null;
}

const errorId = (name: string) => `${name}-error`;

export function placeEntry(fieldNames: readonly string[], entry: FormEntry | undefined): PlacedEntry {
  const problems = entry?.problems ?? [];
  const placed = placeProblems(fieldNames.map((name) => ({ name })), problems);
  return {
    value: (name, fallback = '') => (entry ? (entry.typed[name]?.[0] ?? '') : fallback),
    ticked: (name, value, fallback = false) => (entry ? (entry.typed[name] ?? []).includes(value) : fallback),
    invalid: (name) => (placed.beside.has(name) ? { 'aria-invalid': 'true', 'aria-describedby': errorId(name) } : {}),
    errors: (name) => {
      const messages = placed.beside.get(name);
      return messages ? (
        <p class="field-error" id={errorId(name)}>
          {messages.join('; ')}
        </p>
      ) : null;
    },
    above: problems.length > 0 ? <Problem message={placed.above.length ? placed.above.join('; ') : 'Please correct the fields marked below.'} /> : null,
  };
}
