import type { Form } from '../../../shared/platform/http/web.ts';

/** A form field's first value, trimmed; absent or blank is undefined. */
export const fieldOf = (form: Form, name: string): string | undefined => form[name]?.[0]?.trim() || undefined;

/** The webhook endpoint form as the API's body (EndpointCreate / EndpointPatch check it). */
export function endpointBodyOf(form: Form) {
  const description = fieldOf(form, 'description');
  return { url: fieldOf(form, 'url') ?? '', events: form.events ?? [], ...(description ? { description } : {}) };
}
