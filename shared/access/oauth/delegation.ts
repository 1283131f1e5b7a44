import { scopesOfRole, type ApiKeyOption, type Role, type Scope } from '../../platform/http/scopes.ts';

/** What a member holds through their role: its scopes, and the webhooks option with the right to manage webhooks. */
export function heldByRole(role: Role): { readonly scopes: ReadonlySet<Scope>; readonly options: ReadonlySet<ApiKeyOption> } {
  const scopes = new Set(scopesOfRole(role));
  return { scopes, options: new Set(scopes.has('settings_webhooks:manage') ? (['webhooks'] as const) : []) };
}

/**
 * A credential narrowed to what its maker still holds: the scopes and options of both; null when no scope is left
 * (the credential then ends).
 */
export function narrowedTo<S extends string, O extends string>(
  given: { readonly scopes: readonly S[]; readonly options: readonly O[] },
  held: { readonly scopes: ReadonlySet<string>; readonly options: ReadonlySet<string> },
): { readonly scopes: S[]; readonly options: O[] } | null {
  const scopes = given.scopes.filter((scope) => held.scopes.has(scope));
  return scopes.length === 0 ? null : { scopes, options: given.options.filter((option) => held.options.has(option)) };
}

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
