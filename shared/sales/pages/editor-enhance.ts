/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The document editor with JavaScript on: progressive enhancement, not a second app. The page works without it
 * (every button posts the form and the server decides); with it, the totals count as you type by the posting's
 * own arithmetic (`preview-totals.ts`, the module the server's preview runs), More lines adds rows in place, each
 * row gets a Remove button, and the pickers narrow to what the search box holds as you type. Bundled for the
 * browser with esbuild (`npm run browser:build`, served at /assets/editor.js); nothing here is trusted by the
 * server.
 */
import { previewTotals } from './preview-totals.ts';
import { MAX_ROWS, ROWS_ADDED } from '../../platform/web/line-editor-rules.ts';

const NUMBER = /^-?\d+(\.\d+)?$/;

function numberIn(text: string): number | null {
  const trimmed = text.trim();
  return NUMBER.test(trimmed) ? Number(trimmed) : null;
}

function valueOf(row: HTMLTableRowElement, column: string): string {
  const control = row.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="lines.${column}"]`);
  return control?.value ?? '';
}

/** The rows' amounts and the document's totals, in the currency typed (when it is one) or the form's own. */
function recount(form: HTMLFormElement, body: HTMLTableSectionElement, totals: HTMLElement): void {
  const typed = form.querySelector<HTMLInputElement>('[name="currency"]')?.value.trim().toUpperCase() ?? '';
  const currency = /^[A-Z]{3}$/.test(typed) ? typed : (form.dataset.currency ?? '');
  const lines: { quantity: number; unit_price: number; tax_rate: number }[] = [];
  const kept: number[] = [];
  const rows = [...body.rows];
  rows.forEach((row, index) => {
    const quantity = numberIn(valueOf(row, 'quantity'));
    const price = numberIn(valueOf(row, 'unit_price'));
    const rateText = valueOf(row, 'tax_rate');
    const rate = rateText.trim() === '' ? 0 : numberIn(rateText);
    if (quantity === null || price === null || rate === null || quantity <= 0 || rate < 0 || rate > 100) return;
    lines.push({ quantity, unit_price: price, tax_rate: rate });
    kept.push(index);
  });
  let preview: ReturnType<typeof previewTotals>;
  try {
    preview = previewTotals(lines, kept, currency);
  } catch {
    // A quantity past four decimals or a currency that is none: the server says which when the form is sent.
    return;
  }
  rows.forEach((row, index) => {
    const cell = row.querySelector('td[data-label="Amount"]');
    if (cell) cell.textContent = preview.rows.get(index) ?? '';
  });
  const figures: [string, string][] = [
    ['Subtotal', preview.subtotal],
    ['Tax', preview.tax],
    ['Total', preview.total],
  ];
  totals.replaceChildren(...figures.flatMap(([label, value]) => [Object.assign(document.createElement('dt'), { textContent: label }), Object.assign(document.createElement('dd'), { textContent: value })]));
}

/** Each row's number, ids and labels after rows were added or removed: "Line 3 quantity" stays true. */
function renumber(body: HTMLTableSectionElement): void {
  [...body.rows].forEach((row, index) => {
    const first = row.cells[0];
    if (first?.firstChild) first.firstChild.textContent = String(index + 1);
    row.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[name^="lines."]').forEach((control) => {
      const column = control.name.slice('lines.'.length);
      control.id = `line-${index}-${column}`;
      control.setAttribute('aria-label', (control.getAttribute('aria-label') ?? '').replace(/^Line \d+/, `Line ${index + 1}`));
    });
    const remove = row.querySelector<HTMLButtonElement>('button[data-remove]');
    remove?.setAttribute('aria-label', `Remove line ${index + 1}`);
  });
}

function removeButton(row: HTMLTableRowElement, body: HTMLTableSectionElement, changed: () => void): void {
  // A small ×, named for screen readers by its line ("Remove line 3").
  const button = Object.assign(document.createElement('button'), { type: 'button', className: 'secondary', textContent: '×' });
  button.dataset.remove = '';
  button.addEventListener('click', () => {
    if (body.rows.length > 1) row.remove();
    else row.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[name^="lines."]').forEach((control) => (control.value = ''));
    renumber(body);
    changed();
  });
  row.cells[0]?.append(' ', button);
}

/** A blank row like the last: its values, errors and amount cleared. */
function blankRowLike(last: HTMLTableRowElement): HTMLTableRowElement {
  const row = last.cloneNode(true) as HTMLTableRowElement;
  row.classList.remove('invalid');
  row.querySelectorAll('.invalid').forEach((cell) => cell.classList.remove('invalid'));
  row.querySelectorAll('.field-error, button[data-remove]').forEach((node) => node.remove());
  row.querySelectorAll<HTMLInputElement>('input').forEach((input) => {
    input.value = '';
    input.removeAttribute('value');
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  });
  row.querySelectorAll<HTMLSelectElement>('select').forEach((select) => {
    select.querySelectorAll('option').forEach((option) => option.removeAttribute('selected'));
    select.selectedIndex = 0;
    select.removeAttribute('aria-invalid');
    select.removeAttribute('aria-describedby');
  });
  const amount = row.querySelector('td[data-label="Amount"]');
  if (amount) amount.textContent = '';
  return row;
}

/** A picker narrowed to the choices whose names start with what its search box holds (the server's Find searches them all). */
function filterAsYouType(search: HTMLInputElement | null, pickers: () => HTMLSelectElement[]): void {
  search?.addEventListener('input', () => {
    const start = search.value.trim().toLowerCase();
    for (const picker of pickers()) {
      for (const option of picker.options) option.hidden = option.value !== '' && start !== '' && !option.text.toLowerCase().startsWith(start) && !option.selected;
    }
  });
}

function enhance(form: HTMLFormElement): void {
  const body = form.querySelector<HTMLTableSectionElement>('table tbody');
  if (!body) return;
  let totals = form.querySelector<HTMLElement>('dl.totals');
  if (!totals) {
    totals = Object.assign(document.createElement('dl'), { className: 'totals' });
    totals.setAttribute('aria-label', 'Totals');
    form.querySelector('button[name="intent"][value="more"]')?.closest('p')?.before(totals);
  }
  totals.setAttribute('aria-live', 'polite');
  const changed = () => recount(form, body, totals);
  for (const row of body.rows) removeButton(row, body, changed);
  renumber(body);
  form.addEventListener('input', changed);
  form.addEventListener('change', changed);
  form.querySelector<HTMLButtonElement>('button[name="intent"][value="more"]')?.addEventListener('click', (event) => {
    event.preventDefault();
    const last = body.rows[body.rows.length - 1];
    if (!last) return;
    for (let added = 0; added < ROWS_ADDED && body.rows.length < MAX_ROWS; added++) {
      const row = blankRowLike(last);
      body.append(row);
      removeButton(row, body, changed);
    }
    renumber(body);
  });
  filterAsYouType(form.querySelector<HTMLInputElement>('[name="party_search"]'), () => [...form.querySelectorAll<HTMLSelectElement>('select[name="party_id"]')]);
  filterAsYouType(form.querySelector<HTMLInputElement>('[name="item_search"]'), () => [...form.querySelectorAll<HTMLSelectElement>('select[name="lines.item_id"]')]);
  changed();
}

document.querySelectorAll<HTMLFormElement>('form.editor[data-currency]').forEach(enhance);
