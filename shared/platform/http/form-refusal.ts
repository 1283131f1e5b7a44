import type { FieldProblem } from '../core/errors.ts';
import { plainWords } from '../core/plain-words.ts';
import { toApiError } from './boundary.ts';

/**
 * A form's refusal, to draw the form again with: a 4xx the person can act on (400, 403, a record the form names not found, 409, 422, 429), its problems
 * (or its description, above the form), each in the words of the person filling it (`plainWords`); anything else is
 * thrown on, to the frame's error page.
 */
export function refusalOf(error: unknown): { readonly status: number; readonly problems: readonly FieldProblem[]; readonly headers: Readonly<Record<string, string>> } {
  const refusal = toApiError(error);
  if (![400, 403, 404, 409, 422, 429].includes(refusal.status)) throw error;
  const problems = refusal.details.length > 0 ? refusal.details.map((problem) => ({ field: problem.field, message: plainWords(problem) })) : [{ field: 'form', message: refusal.description }];
  return { status: refusal.status, problems, headers: refusal.headers };
}


/** A refusal's problems as one sentence above a form that has no field for them: each field's name before its words. */
export function refusalSentence(problems: readonly FieldProblem[]): string {
  return problems.map((problem) => (problem.field === 'form' ? problem.message : `${problem.field}: ${problem.message}`)).join('; ');
}
