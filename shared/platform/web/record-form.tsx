import type { ComponentChildren } from 'preact';
import type { FieldProblem } from '../core/errors.ts';
import { Hidden, Problem, renderDocument } from './layout.tsx';
import { placeProblems, type FormField, type Typed } from './record-form-rules.ts';
import type { Viewer } from './viewer.ts';
import { Frame } from './frame.tsx';
import { FormTokens } from './parts.tsx';

const idOf = (name: string) => `field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

function Field(props: { field: FormField; value: string; problems: readonly string[] | undefined }) {
  const { field, value, problems } = props;
  const id = idOf(field.name);
  const described = [problems ? `${id}-error` : '', field.hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, name: field.name, 'aria-invalid': problems ? ('true' as const) : undefined, 'aria-describedby': described, required: field.required };
  const input =
    field.kind === 'select' ? (
      <select {...common}>
        {field.required ? null : <option value="">—</option>}
        {(field.options ?? []).map((option) => (
          <option value={option.value} selected={option.value === value}>
            {option.label}
          </option>
        ))}
      </select>
    ) : field.kind === 'textarea' ? (
      <textarea {...common} maxLength={field.maxLength} rows={3}>
        {value}
      </textarea>
    ) : field.kind === 'checkbox' ? (
      <input {...common} type="checkbox" checked={value === 'on'} />
    ) : field.kind === 'email' ? (
      <input {...common} type="email" value={value} maxLength={field.maxLength} />
    ) : field.kind === 'file' ? (
      // A browser never fills a file input back in: after a refusal the file is chosen again.
      <input {...common} type="file" accept={field.accept} />
    ) : field.kind === 'date' ? (
      <input {...common} type="date" value={value} />
    ) : (
      <input {...common} type="text" inputMode={field.kind === 'number' ? 'decimal' : undefined} value={value} maxLength={field.maxLength} />
    );
  return (
    <div class={problems ? 'field invalid' : 'field'}>
      {field.kind === 'checkbox' ? (
        <label class="check" for={id}>
          {input} {field.label}
        </label>
      ) : (
        <>
          <label for={id}>{field.label}</label>
          {input}
        </>
      )}
      {field.hint ? (
        <p class="hint" id={`${id}-hint`}>
          {field.hint}
        </p>
      ) : null}
      {problems ? (
        <p class="field-error" id={`${id}-error`}>
          {problems.join('; ')}
        </p>
      ) : null}
    </div>
  );
}

export interface RecordFormView {
  readonly viewer: Viewer;
  readonly title: string;
  readonly intro?: string;
  readonly action: string;
  readonly fields: readonly FormField[];
  readonly typed: Typed;
  readonly submit: string;
  readonly back: string;
  /** A refusal of the last post: each problem goes beside its field, the rest above the form. */
  readonly problems?: readonly FieldProblem[];
  readonly notice?: string | undefined;
  /** Fields the form carries unseen (an idempotency key minted when it was drawn). */
  readonly hidden?: Readonly<Record<string, string>>;
  /** What the page shows below the form (the record's history). */
  readonly after?: ComponentChildren;
}

/**
 * A form of declared fields: the refusal's problems that name no field of it above, the others beside their fields,
 * each field holding what was typed. The caller's own controls (submit, cancel) follow the fields.
 */
export function RecordForm(props: { viewer: Viewer; action: string; fields: readonly FormField[]; typed: Typed; problems?: readonly FieldProblem[] | undefined; children: ComponentChildren }) {
  const placed = placeProblems(props.fields, props.problems ?? []);
  return (
    <>
      {(props.problems ?? []).length > 0 ? <Problem message={placed.above.length ? placed.above.join('; ') : 'Please correct the fields marked below.'} /> : null}
      <form method="post" action={props.action} class="card" noValidate enctype={props.fields.some((field) => field.kind === 'file') ? 'multipart/form-data' : undefined}>
        <FormTokens viewer={props.viewer} />
        {props.fields.map((field) => (
          <Field field={field} value={props.typed[field.name] ?? ''} problems={placed.beside.get(field.name)} />
        ))}
        {props.children}
      </form>
    </>
  );
}

/** A record's form inside the frame: its fields with what was typed, and a refusal's problems beside them. */
export function recordFormPage(view: RecordFormView): string {
  return renderDocument(
    <Frame viewer={view.viewer} title={view.title} notice={view.notice}>
      {view.intro ? <p>{view.intro}</p> : null}
      <RecordForm viewer={view.viewer} action={view.action} fields={view.fields} typed={view.typed} problems={view.problems}>
        {Object.entries(view.hidden ?? {}).map(([name, value]) => (
          <Hidden name={name} value={value} />
        ))}
        <button type="submit">{view.submit}</button> <a href={view.back}>Cancel</a>
      </RecordForm>
      {view.after}
    </Frame>,
  );
}
