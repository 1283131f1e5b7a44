/**
 * Bidirectional controls (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates, the marks U+200E, U+200F
 * and U+061C) reorder the text around them: a customer named "…\u202Egnp.exe" reads "exe.png" on a page, a PDF or an
 * e-mail. No name or text the service shows needs them (a right-to-left script is laid out by the reader's own
 * bidi algorithm), so they are taken out wherever text is rendered.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** A value with every string in it (deep, in arrays and plain objects) taken through `withoutBidiControls`. */
export function neutralized<T>(value: T): T {
  if (typeof value === 'string') return withoutBidiControls(value) as T;
  if (Array.isArray(value)) return value.map((item) => neutralized(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, neutralized(item)])) as T;
  }
  return value;
}
