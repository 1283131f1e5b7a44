/**
 * The document editor: a plain form that works without JavaScript. Every button posts the whole form with an
 * `intent`: find a party or an item (the pickers narrow to the names that start so), add rows, preview the totals,
 * or create. Whatever was typed comes back each time, with each problem beside the field or row it names.
 */
import { HeaderField, LinesTable, type Choice } from '../../platform/web/line-editor.tsx';
import type { FieldProblem } from '../../platform/core/errors.ts';
import { Hidden, Problem, renderDocument } from '../../platform/web/layout.tsx';
import { EDITOR_SCRIPT_PATH } from './editor-script-path.ts';
import { placeEditorProblems, type EditorSpec, type EditorTyped, type PreviewTotals } from './document-editor-rules.ts';
import type { EditorChoices } from './editor-choices-rules.ts';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { FormTokens } from '../../platform/web/parts.tsx';

export interface EditorView {
  readonly viewer: Viewer;
  readonly spec: EditorSpec;
  readonly typed: EditorTyped;
  readonly choices: EditorChoices;
  readonly idempotencyKey: string;
  readonly search: { readonly party: string; readonly item: string };
  readonly problems?: readonly FieldProblem[] | undefined;
  /** The lines' form rows as the last refusal counted them (`kept[k]` is the row of `lines[k]`). */
  readonly kept?: readonly number[] | undefined;
  readonly preview?: PreviewTotals | undefined;
  readonly today: string;
  /**
   * A recurring invoice or a draft changed rather than made: where the form posts, its title (given its party's name:
   * the party stays), what its button says.
   */
  readonly editing?: { readonly action: string; readonly title: (partyName: string) => string; readonly submit: string; readonly cancel: string } | undefined;
}

function Select(props: { id: string; name: string; choices: readonly Choice[]; value: string; empty: string; label: string; invalid: boolean; describedBy?: string | undefined }) {
  return (
    <select id={props.id} name={props.name} aria-label={props.label} aria-invalid={props.invalid ? 'true' : undefined} aria-describedby={props.describedBy}>
      <option value="">{props.empty}</option>
      {props.choices.map((choice) => (
        <option value={choice.id} selected={choice.id === props.value}>
          {choice.name}
        </option>
      ))}
    </select>
  );
}


const FREQUENCIES = [
  { id: 'monthly', name: 'Monthly' },
  { id: 'weekly', name: 'Weekly' },
  { id: 'yearly', name: 'Yearly' },
];

/** A recurring invoice's schedule: when the first invoice is dated, how often, and when it ends (if ever). */
function ScheduleFields(props: { typed: EditorTyped; placed: ReturnType<typeof placeEditorProblems>; today: string; editing: boolean }) {
  const { typed, placed } = props;
  const frequencyProblem = placed.header.get('frequency');
  if (props.editing) {
    const every = `${typed.header.interval && typed.header.interval !== '1' ? `every ${typed.header.interval} ` : ''}${typed.header.frequency ?? ''}`;
    return (
      <fieldset>
        <legend>Schedule</legend>
        <p>
          From {typed.header.date}, {every}. A new rhythm is a new recurring invoice; when it ends may change.
        </p>
        <div class="filters">
          <HeaderField name="end_date" label="Ends on (optional)" type="date" value={typed.header.end_date ?? ''} problem={placed.header.get('end_date')} />
          <HeaderField name="count" label="Or after this many invoices (optional)" type="text" value={typed.header.count ?? ''} problem={placed.header.get('count')} />
        </div>
      </fieldset>
    );
  }
  return (
    <fieldset>
      <legend>Schedule</legend>
      <div class="filters">
        <HeaderField name="date" label="First invoice on" type="date" value={typed.header.date || props.today} problem={placed.header.get('date')} hint="Dates already past are posted at once (the 12 latest)." />
        <div class={frequencyProblem ? 'field invalid' : 'field'}>
          <label for="editor-frequency">Repeats</label>
          <Select id="editor-frequency" name="frequency" choices={FREQUENCIES} value={typed.header.frequency || 'monthly'} empty="Choose how often" label="Repeats" invalid={!!frequencyProblem} describedBy={frequencyProblem ? 'editor-frequency-error' : undefined} />
          {frequencyProblem ? (
            <p class="field-error" id="editor-frequency-error">
              {frequencyProblem}
            </p>
          ) : null}
        </div>
        <HeaderField name="interval" label="Interval" type="text" value={typed.header.interval ?? ''} problem={placed.header.get('interval')} hint="Every this many weeks, months or years; default 1." />
        <HeaderField name="end_date" label="Ends on (optional)" type="date" value={typed.header.end_date ?? ''} problem={placed.header.get('end_date')} />
        <HeaderField name="count" label="Or after this many invoices (optional)" type="text" value={typed.header.count ?? ''} problem={placed.header.get('count')} />
      </div>
    </fieldset>
  );
}

export function documentEditorPage(view: EditorView): string {
  const { spec, typed, choices, viewer } = view;
  const placed = placeEditorProblems(spec, view.problems ?? [], view.kept ?? [], typed.rows);
  const party = spec.side.partyLabel;
  const partyName = choices.parties.find((choice) => choice.id === typed.header.party_id)?.name ?? '';
  const title = view.editing?.title(partyName) ?? `New ${spec.label}`;
  const partyProblem = placed.header.get('party_id');
  return renderDocument(
    <Frame viewer={viewer} title={title}>
      {(view.problems ?? []).length > 0 ? <Problem message={placed.above.length ? placed.above.join('; ') : 'Please correct the fields marked below.'} /> : null}
      <form method="post" action={view.editing?.action ?? spec.postPath} class="card editor" noValidate data-currency={choices.currency}>
        {/* Enter in any field previews: the first submit button of a form is the one Enter presses. */}
        <button type="submit" name="intent" value="preview" class="vh" tabIndex={-1}>
          Preview totals
        </button>
        <FormTokens viewer={viewer} />
        <Hidden name="idempotency_key" value={view.idempotencyKey} />
        {view.editing ? (
          <p>
            {party}: <strong>{partyName}</strong>
          </p>
        ) : (
          <fieldset>
            <legend>{party}</legend>
            <div class={partyProblem ? 'field invalid' : 'field'}>
              <label for="editor-party_id">{party}</label>
              <Select id="editor-party_id" name="party_id" choices={choices.parties} value={typed.header.party_id ?? ''} empty={`Choose a ${party.toLowerCase()}`} label={party} invalid={!!partyProblem} describedBy={partyProblem ? 'editor-party_id-error' : undefined} />
              {partyProblem ? (
                <p class="field-error" id="editor-party_id-error">
                  {partyProblem}
                </p>
              ) : null}
            </div>
            <div class="search">
              <label for="editor-party-search">Find a {party.toLowerCase()} by the start of the name</label>
              <input id="editor-party-search" type="text" name="party_search" value={view.search.party} />
              <button type="submit" name="intent" value="find_party" class="secondary">
                Find
              </button>
            </div>
            {choices.searched.parties && choices.parties.length === 0 ? <p class="muted">No {party.toLowerCase()} name starts with that.</p> : null}
          </fieldset>
        )}
        {spec.recurring ? <ScheduleFields typed={typed} placed={placed} today={view.today} editing={!!view.editing} /> : null}
        <div class="filters">
          {spec.recurring ? null : <HeaderField name="date" label="Date" type="date" value={typed.header.date || view.today} problem={placed.header.get('date')} />}
          {spec.dueDate ? <HeaderField name="due_date" label="Due date" type="date" value={typed.header.due_date ?? ''} problem={placed.header.get('due_date')} /> : null}
          <HeaderField name="currency" label="Currency" type="text" value={typed.header.currency ?? ''} problem={placed.header.get('currency')} hint={`Default: the ${party.toLowerCase()}'s.`} />
          <HeaderField name="exchange_rate" label="Exchange rate" type="text" value={typed.header.exchange_rate ?? ''} problem={placed.header.get('exchange_rate')} hint="Foreign currency only; default: the rate of the date." />
          <HeaderField name="reference" label="Reference" type="text" value={typed.header.reference ?? ''} problem={placed.header.get('reference')} />
          {spec.recurring ? <HeaderField name="due_in_days" label="Due after (days)" type="text" value={typed.header.due_in_days ?? ''} problem={placed.header.get('due_in_days')} hint="Each invoice's due date; default 30." /> : null}
        </div>
        {spec.recurring ? (
          <label class="check">
            <input type="checkbox" name="send" value="on" checked={typed.header.send === 'on'} /> E-mail each invoice to the customer as it is posted
          </label>
        ) : null}
        <h2>Lines</h2>
        <LinesTable
          columns={[
            { name: 'item_id', label: 'Item', select: { choices: choices.items, empty: '—' } },
            { name: 'account_id', label: 'Account', select: { choices: choices.accounts, empty: 'Default' } },
            { name: 'description', label: 'Description' },
            { name: 'quantity', label: 'Quantity', numeric: true },
            { name: 'unit_price', label: 'Unit price', numeric: true },
            { name: 'tax_rate', label: 'Tax %', numeric: true },
            ...choices.tracking,
            { name: 'tax_rate_id', label: 'Tax rate', hidden: true },
            { name: 'tax_rate_shown', label: 'Tax % as saved', hidden: true },
          ]}
          rows={typed.rows}
          problems={placed.rows}
          extra={{ label: 'Amount', cell: (index) => view.preview?.rows.get(index) ?? '' }}
        />
        <div class="search">
          <label for="editor-item-search">Find an item by the start of its name</label>
          <input id="editor-item-search" type="text" name="item_search" value={view.search.item} />
          <button type="submit" name="intent" value="find_item" class="secondary">
            Find
          </button>
        </div>
        {view.preview ? (
          <dl class="totals" aria-label="Totals">
            <dt>Subtotal</dt>
            <dd>{view.preview.subtotal}</dd>
            <dt>Tax</dt>
            <dd>{view.preview.tax}</dd>
            <dt>Total</dt>
            <dd>{view.preview.total}</dd>
          </dl>
        ) : null}
        <p>
          <button type="submit" name="intent" value="more" class="secondary">
            More lines
          </button>
          <button type="submit" name="intent" value="preview" class="secondary">
            Preview totals
          </button>
          {spec.drafts && !view.editing ? (
            <button type="submit" name="intent" value="draft" class="secondary">
              Save as draft
            </button>
          ) : null}
          <button type="submit" name="intent" value="create">
            {view.editing?.submit ?? `Create ${spec.label}`}
          </button>
          {view.editing ? (
            <>
              {' '}
              <a href={view.editing.cancel}>Cancel</a>
            </>
          ) : null}
        </p>
      </form>
      <script src={EDITOR_SCRIPT_PATH} defer />
    </Frame>,
  );
}
