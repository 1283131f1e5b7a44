/**
 * The rows of lines of an editor (a document's, a journal's): each column posted once per row as
 * `lines.<column>`, a select or a text box, labelled "Line 3 quantity", with a refusal's problem beside the cell it
 * names. On a phone each row stacks as a card whose cells carry their column's name.
 */
import type { ComponentChildren } from 'preact';

export interface LineColumn<C extends string> {
  readonly name: C;
  readonly label: string;
  /** A picker: its choices and what its empty choice says. */
  readonly select?: { readonly choices: readonly Choice[]; readonly empty: string };
  readonly numeric?: boolean;
  /** Carried with its row, never shown (what a stored line named that the form has no field for). */
  readonly hidden?: true;
}

export function LinesTable<C extends string>(props: { columns: readonly LineColumn<C>[]; rows: readonly Readonly<Record<C, string>>[]; problems: ReadonlyMap<number, ReadonlyMap<string, string>>; extra?: { readonly label: string; readonly cell: (index: number) => ComponentChildren } }) {
  const shown = props.columns.filter((column) => !column.hidden);
  const hidden = props.columns.filter((column) => column.hidden);
  return (
    <div class="table">
      <table>
        <caption class="vh">Lines</caption>
        <thead>
          <tr>
            <th>#</th>
            {shown.map((column) => (
              <th class={column.numeric ? 'num' : undefined}>{column.label}</th>
            ))}
            {props.extra ? <th class="num">{props.extra.label}</th> : null}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, index) => {
            const problems = props.problems.get(index);
            return (
              <tr class={problems ? 'invalid' : undefined}>
                <td data-label="Line">
                  {index + 1}
                  {hidden.map((column) => (
                    <input type="hidden" name={`lines.${column.name}`} value={row[column.name]} />
                  ))}
                </td>
                {shown.map((column) => {
                  const problem = problems?.get(column.name);
                  const id = `line-${index}-${column.name}`;
                  const common = { id, name: `lines.${column.name}`, 'aria-label': `Line ${index + 1} ${column.label.toLowerCase()}`, 'aria-invalid': problem ? ('true' as const) : undefined, 'aria-describedby': problem ? `${id}-error` : undefined };
                  return (
                    <td class={problem ? 'invalid' : undefined} data-label={column.label}>
                      {column.select ? (
                        <select {...common}>
                          <option value="">{column.select.empty}</option>
                          {column.select.choices.map((choice) => (
                            <option value={choice.id} selected={choice.id === row[column.name]}>
                              {choice.name}
                            </option>
                          ))}
                        </select>
                      ) : (
                        <input {...common} type="text" value={row[column.name]} inputMode={column.numeric ? 'decimal' : undefined} />
                      )}
                      {problem ? (
                        <p class="field-error" id={`${id}-error`}>
                          {problem}
                        </p>
                      ) : null}
                    </td>
                  );
                })}
                {props.extra ? (
                  <td class="num" data-label={props.extra.label}>
                    {props.extra.cell(index)}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export interface Choice {
  readonly id: string;
  readonly name: string;
}

/** A field of an editor's header (a date, a currency), with its hint and its problem; ids are `<prefix>-<name>`. */
export function HeaderField(props: { name: string; label: string; type: 'text' | 'date'; value: string; problem: string | undefined; hint?: string; prefix?: string }) {
  const id = `${props.prefix ?? 'editor'}-${props.name}`;
  const described = [props.problem ? `${id}-error` : '', props.hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class={props.problem ? 'field invalid' : 'field'}>
      <label for={id}>{props.label}</label>
      {props.type === 'date' ? (
        <input id={id} type="date" name={props.name} value={props.value} aria-invalid={props.problem ? 'true' : undefined} aria-describedby={described} />
      ) : (
        <input id={id} type="text" name={props.name} value={props.value} aria-invalid={props.problem ? 'true' : undefined} aria-describedby={described} />
      )}
      {props.hint ? (
        <p class="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      {props.problem ? (
        <p class="field-error" id={`${id}-error`}>
          {props.problem}
        </p>
      ) : null}
    </div>
  );
}
