/**
 * A credential can never hand out more than it holds. Given what a creator holds and what it asks to hand out,
 * the scopes and options it lacks, in the order asked; an empty list means the delegation may go ahead.
 */
export function missingForDelegation(
  held: { readonly scopes: ReadonlySet<string>; readonly options: ReadonlySet<string> },
  asked: { readonly scopes: readonly string[]; readonly options: readonly string[] },
): string[] {
  const missingScopes = asked.scopes.filter((scope) => !held.scopes.has(scope));
  const missingOptions = asked.options.filter((option) => !held.options.has(option)).map((option) => `option:${option}`);
  return [...new Set([...missingScopes, ...missingOptions])];
}
