/**
 * The subset of EventBridge (and Lambda filter) pattern matching the service's own patterns use: a field's
 * pattern is a list of allowed values, each a literal, `{ prefix }` or `{ 'anything-but': [literals] }`; nested
 * objects match nested fields.
 * Written here because no maintained JavaScript package implements EventBridge's matching (AWS's own,
 * event-ruler, is Java), and the local runtime must apply exactly the patterns CDK deploys.
 */
export function matchesPattern(pattern: unknown, value: unknown): boolean {
  if (Array.isArray(pattern)) return pattern.some((allowed) => matchesValue(allowed, value));
  if (pattern && typeof pattern === 'object') {
    if (!value || typeof value !== 'object') return false;
    return Object.entries(pattern as Record<string, unknown>).every(([field, inner]) => matchesPattern(inner, (value as Record<string, unknown>)[field]));
  }
  throw new Error(`Unsupported pattern element: ${JSON.stringify(pattern)}`);
}

function matchesValue(allowed: unknown, value: unknown): boolean {
  if (allowed && typeof allowed === 'object' && 'anything-but' in allowed) {
    const refused = (allowed as { 'anything-but': unknown })['anything-but'];
    return value !== undefined && !(Array.isArray(refused) ? refused : [refused]).includes(value);
  }
  if (allowed && typeof allowed === 'object' && 'prefix' in allowed) {
    return typeof value === 'string' && value.startsWith(String((allowed as { prefix: unknown }).prefix));
  }
  return allowed === value;
}
