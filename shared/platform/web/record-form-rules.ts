/**
 * The dashboard's record forms (a customer, a vendor, an item, an account, an invitation), declared as fields named
 * by the API's own field paths (`billing_address.city`). The same declaration turns a posted form into the body
 * the API route's schema parses, a stored record into what the edit form shows, and the schema's refusal back into
 * each problem beside the field it names; so a form refuses what its API route refuses, in the same words.
 */
import type { FieldProblem } from '../core/errors.ts';

export type FieldKind = 'text' | 'email' | 'number' | 'date' | 'select' | 'textarea' | 'checkbox' | 'file';

export interface FormField {
  /** The API's field path: `name`, `billing_address.city`. */
  readonly name: string;
  readonly label: string;
  readonly kind: FieldKind;
  readonly options?: readonly { readonly value: string; readonly label: string }[];
  readonly required?: boolean;
  readonly hint?: string;
  readonly maxLength?: number;
  /** Left empty when editing, the field is cleared (sent as null; for a group, the whole group). */
  readonly clearable?: boolean;
  /** A choice the API takes as a number (a month). */
  readonly numeric?: true;
  /** Shown only when creating (a field the API's PATCH does not take). */
  readonly createOnly?: boolean;
  /** A file field's types (`.csv,.ofx`): its content, as text, is the field's value. */
  readonly accept?: string;
}

/** What the user typed (or what the record holds, for an edit form), by field name, as text. */
export type Typed = Readonly<Record<string, string>>;

export type FormMode = 'create' | 'edit';

export const fieldsFor = (fields: readonly FormField[], mode: FormMode) => fields.filter((field) => mode === 'create' || !field.createOnly);

/** The posted form's values of the form's fields (a checkbox is "on" or absent). */
export function typedOf(form: Readonly<Record<string, readonly string[]>>, fields: readonly FormField[]): Typed {
  return Object.fromEntries(fields.map((field) => [field.name, form[field.name]?.[0] ?? '']));
}

/** A typed number as the schema reads it: a number when it is one, else the text (which the schema refuses by name). */
export function numberOf(text: string): number | string {
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

function valueOf(field: FormField, text: string): unknown {
  if (field.kind === 'checkbox') return text === 'on' || text === 'true';
  return field.kind === 'number' || field.numeric ? numberOf(text) : text;
}

/**
 * The body the API route takes: fields left empty are left out when creating and, when editing, sent as null if
 * clearable (left out otherwise). A dotted name is nested; a group (`billing_address`) left wholly empty is left out
 * or cleared as one.
 */
export function bodyOf(fields: readonly FormField[], typed: Typed, mode: FormMode): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const groups = new Map<string, { clearable: boolean; values: Record<string, unknown> }>();
  for (const field of fieldsFor(fields, mode)) {
    const text = (typed[field.name] ?? '').trim();
    const [group, member] = field.name.includes('.') ? (field.name.split('.', 2) as [string, string]) : [undefined, field.name];
    if (group) {
      const entry = groups.get(group) ?? { clearable: !!field.clearable, values: {} };
      groups.set(group, entry);
      if (text !== '') entry.values[member] = valueOf(field, text);
    } else if (field.kind === 'checkbox') {
      if (mode === 'edit' || text !== '') body[field.name] = valueOf(field, text);
    } else if (text !== '') body[field.name] = valueOf(field, text);
    else if (mode === 'edit' && field.clearable) body[field.name] = null;
  }
  for (const [group, entry] of groups) {
    if (Object.keys(entry.values).length > 0) body[group] = entry.values;
    else if (mode === 'edit' && entry.clearable) body[group] = null;
  }
  return body;
}

/** What an edit form shows of a stored record: each field's value as text (nested values by their path). */
export function typedFromRecord(fields: readonly FormField[], record: Readonly<Record<string, unknown>>): Typed {
  const at = (path: string): unknown => path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), record);
  return Object.fromEntries(
    fields.map((field) => {
      const value = at(field.name);
      return [field.name, field.kind === 'checkbox' ? (value === true ? 'on' : '') : value === null || value === undefined ? '' : String(value)];
    }),
  );
}

/**
 * A refusal placed on the form: each problem beside the field it names (a problem of a group's member beside that
 * member; of a whole group, beside its first field), the rest (a conflict, a field the form has not) above it.
 */
export function placeProblems(fields: readonly Pick<FormField, 'name'>[], problems: readonly FieldProblem[]): { readonly beside: ReadonlyMap<string, readonly string[]>; readonly above: readonly string[] } {
  const beside = new Map<string, string[]>();
  const above: string[] = [];
  for (const problem of problems) {
    const field =
      fields.find((candidate) => candidate.name === problem.field) ??
      fields.find((candidate) => candidate.name.startsWith(`${problem.field}.`)) ??
      // One entry of a list the field holds (`days_after_due[1]`, `to[0]`): beside the field, naming which.
      fields.find((candidate) => problem.field.startsWith(`${candidate.name}[`));
    const entry = field && problem.field !== field.name && problem.field.startsWith(`${field.name}[`) ? /^\[(\d+)\]/.exec(problem.field.slice(field.name.length)) : null;
    const message = entry ? `entry ${Number(entry[1]) + 1} ${problem.message}` : problem.message;
    if (field) beside.set(field.name, [...(beside.get(field.name) ?? []), message]);
    else above.push(problem.field && problem.field !== 'form' ? `${problem.field}: ${problem.message}` : problem.message);
  }
  return { beside, above };
}

/** A select's options from API values: each shown with its underscores as spaces. */
export const choicesOf = (values: readonly string[]) => values.map((value) => ({ value, label: value.replace(/_/g, ' ') }));

/** An address (the API's `Address`) as a group of fields under `group`, cleared as one when emptied. */
export const addressFields = (group: string): FormField[] => [
  { name: `${group}.line1`, label: 'Address', kind: 'text', maxLength: 200, clearable: true },
  { name: `${group}.line2`, label: 'Address, second line', kind: 'text', maxLength: 200, clearable: true },
  { name: `${group}.city`, label: 'City', kind: 'text', maxLength: 100, clearable: true },
  { name: `${group}.region`, label: 'Region', kind: 'text', maxLength: 100, clearable: true },
  { name: `${group}.postal_code`, label: 'Postal code', kind: 'text', maxLength: 20, clearable: true },
  { name: `${group}.country`, label: 'Country', kind: 'text', maxLength: 2, clearable: true, hint: 'Two letters (GB, DE, US).' },
];

/** Where the party receives e-invoices (the API's `electronic_address`), a group cleared as one when emptied. */
export const electronicAddressFields = (): FormField[] => [
  { name: 'electronic_address.scheme', label: 'E-invoice address scheme', kind: 'text', maxLength: 4, clearable: true, hint: 'The EAS code of the identifier: 0088 (GLN), 0208 (Belgian enterprise number), 9930 (German VAT number), …' },
  { name: 'electronic_address.id', label: 'E-invoice address', kind: 'text', maxLength: 100, clearable: true, hint: 'Where e-invoices reach it, as Peppol addresses it.' },
];
