import * as v from 'valibot';
import type { FieldProblem } from '../core/errors.ts';
import { validationError } from './errors.ts';

/** `lines[0].amount` style, as the error shape names fields. */
function fieldOf(issue: v.BaseIssue<unknown>, root: string): string {
  let field = '';
  for (const segment of issue.path ?? []) {
    const key: unknown = segment.key;
    if (typeof key === 'number') field += `[${key}]`;
    else field += field ? `.${String(key)}` : String(key);
  }
  return field || root;
}

function messageOf(issue: v.BaseIssue<unknown>): string {
  if (issue.type === 'strict_object' && issue.expected === 'never') return 'is not a known field';
  if (issue.input === undefined && issue.kind === 'schema' && issue.path?.length) return 'is required';
  return issue.message.replace(/^Invalid (type|key): /, '');
}

export function problemsOf(issues: readonly v.BaseIssue<unknown>[], root: string): FieldProblem[] {
  return issues.map((issue) => ({ field: fieldOf(issue, root), message: messageOf(issue) }));
}

/** Parses input against its schema or throws the 400 `validation_error` that names every problem. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown, root: string): v.InferOutput<S> {
  // valibot's object schemas accept arrays as objects; a request body or query is never an array.
  if (Array.isArray(input)) throw validationError([{ field: root, message: 'must be a JSON object' }]);
  const result = v.safeParse(schema, input, { abortEarly: false });
  if (!result.success) throw validationError(problemsOf(result.issues, root));
  return result.output;
}

/** A route that declares no query parameters refuses every one, as routes with a strict query schema do. */
export function refuseAnyQuery(event: { readonly queryStringParameters?: Readonly<Record<string, string | undefined>> }): undefined {
  const names = Object.keys(event.queryStringParameters ?? {});
  if (names.length > 0) throw validationError(names.map((name) => ({ field: name, message: 'is not a known parameter' })));
  return undefined;
}
