import type * as v from 'valibot';

/**
 * What one route accepts and answers, as valibot schemas. The handler stack validates with them, the handler's
 * types come from them and the OpenAPI description is generated from them.
 */
export interface Contract {
  readonly summary: string;
  readonly tag: string;
  readonly body?: v.GenericSchema;
  readonly query?: v.StrictObjectSchema<v.ObjectEntries, undefined>;
  /** The `data` of the success envelope. */
  readonly response: v.GenericSchema;
  readonly status?: 200 | 201 | 202;
  /** The answer is a file of this type (a PDF), not JSON in the envelope; `response` then describes its name. */
  readonly produces?: 'application/pdf' | 'text/html' | 'application/x-ndjson' | 'application/xml';
  /** The answer may instead be a file of this type, when the query asks for it (`format=pdf`); `response` describes the JSON. */
  readonly alsoProduces?: 'application/pdf';
  /** A second success, 202: the work was accepted and goes on after the answer (a queued import), with its own `data`. */
  readonly accepted?: { readonly description: string; readonly response: v.GenericSchema };
  /**
   * The body may instead be a document of this type (a supplier's e-invoice), sent with that content type: the
   * handler then gets `{ xml }`, its text, unparsed. JSON bodies are still read by `body`.
   */
  readonly consumes?: 'application/xml';
  /** The body may be left out altogether (no bytes, no Content-Type): it is then read as `{}`. */
  readonly optionalBody?: boolean;
  /** Accepts an Idempotency-Key header: a repeat replays the first answer. */
  readonly idempotent?: boolean;
  /**
   * Posts to the books (or reverses a posting): refused with 409 `period_locked` when its date, or the original's,
   * is on or before the lock date.
   */
  readonly posting?: boolean;
  /** Answers this route gives beside the ones every route of its kind gives, with what each means. */
  readonly otherStatuses?: Readonly<Partial<Record<200 | 201 | 404 | 409 | 413 | 422 | 429, string>>>;
  /** An OAuth endpoint: bare RFC 6749 answers and errors, JSON or form-encoded bodies, client authentication. */
  readonly oauth?: boolean;
  /** A path parameter other than `{id}`, by name: the values it takes (anything else is an unknown path, 404). */
  readonly pathValues?: Readonly<Record<string, readonly string[]>>;
}
