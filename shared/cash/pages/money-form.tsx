import { Hidden, Problem, renderDocument } from '../../platform/web/layout.tsx';
import { CashAccountSelect } from './cash-account-select.tsx';
import type { moneyForm, MoneySide } from './money-form-rules.ts';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { Money, Table, FormTokens } from '../../platform/web/parts.tsx';

/**
 * Record a receipt (or payment) in two steps that work without JavaScript: pick the party (a GET form), then
 * allocate amounts to its open documents and post. The POST carries the idempotency key drawn with the form.
 */
/** What the user typed, kept when a post is refused so the form comes back as they left it, with the reason. */
export interface EnteredMoney {
  readonly problem: string;
  readonly amounts: ReadonlyMap<string, string>;
  readonly date: string | undefined;
  readonly accountId: string | undefined;
  readonly reference: string | undefined;
  readonly total?: string | undefined;
}

/**
 * `settling`: the document the form was opened from (an invoice's "Record a receipt"), whose amount starts at its
 * balance due; what was typed wins when the form comes back refused.
 */
export function moneyFormPage(view: { viewer: Viewer; side: MoneySide; form: Awaited<ReturnType<typeof moneyForm>>; today: string; action: string; entered?: EnteredMoney; settling?: string | undefined }): string {
  const { side, form, viewer, entered } = view;
  const title = side.money.kind === 'receipt' ? 'Record a receipt' : 'Record a payment';
  const received = side.money.kind === 'receipt' ? 'received' : 'paid';
  return renderDocument(
    <Frame viewer={viewer} title={title}>
      <Problem message={entered?.problem} />
      <form method="get" action={side.money.form} class="card">
        <label for="party">{side.partyLabel}</label>
        <select id="party" name="party_id" required>
          <option value="">Choose a {side.partyLabel.toLowerCase()}</option>
          {form.offered.map((party) => (
            <option value={party.id} selected={party.id === form.party?.id}>
              {party.name}
            </option>
          ))}
        </select>
        <button type="submit" class="secondary">
          Show open {side.plural.toLowerCase()}
        </button>
      </form>
      {form.party ? (
        <form method="post" action={view.action} class="card">
          <FormTokens viewer={viewer} />
          <Hidden name="idempotency_key" value={form.idempotencyKey} />
          <Hidden name="party_id" value={form.party.id} />
          <h2>Open {side.plural.toLowerCase()} of {form.party.name}</h2>
          {form.open.length === 0 ? (
            <p class="muted">
              {form.party.name} has no open {side.plural.toLowerCase()}: what is {received} is kept as their credit (a prepayment), to apply later or refund.
            </p>
          ) : (
            <Table caption={`Open ${side.plural.toLowerCase()}`} rows={form.open.length} head={['Number', 'Due', { label: 'Balance due', num: true }, { label: 'Amount to allocate', num: true }]}>
              {form.open.map((document) => (
                <tr>
                  <td>{document.no}</td>
                  <td>{document.due_date ?? '—'}</td>
                  <td class="num">
                    <Money value={document.balance_due} currency={document.currency} />
                  </td>
                  <td class="num">
                    <Hidden name="document_id" value={document.id} />
                    <label class="vh" for={`amount-${document.id}`}>
                      Amount for {document.no}
                    </label>
                    <input id={`amount-${document.id}`} type="text" inputmode="decimal" name="amount" placeholder="0.00" size={10} value={entered ? (entered.amounts.get(document.id) ?? '') : document.id === view.settling ? String(document.balance_due) : ''} />
                  </td>
                </tr>
              ))}
            </Table>
          )}
          <label for="total">Amount {received}</label>
          <input id="total" type="text" inputmode="decimal" name="total" size={12} value={entered?.total ?? ''} aria-describedby="total-hint" />
          <p class="hint" id="total-hint">
            {form.open.length === 0 ? 'The whole amount is their credit.' : `Blank: what is allocated above. More than that: the rest is kept as ${form.party.name}'s credit.`}
          </p>
          <label for="date">Date</label>
          <input id="date" type="date" name="date" value={entered?.date ?? view.today} required />
          <CashAccountSelect id="account" label={side.money.kind === 'receipt' ? 'Received into' : 'Paid from'} accounts={form.accounts} selected={entered?.accountId} />
          {form.accounts.length === 0 ? (
            <p class="field-error" id="account-none">
              No bank or cash account yet: <a href="/dashboard/banking/accounts/new">add the one the money {side.money.kind === 'receipt' ? 'comes into' : 'leaves from'}</a>, then record it.
            </p>
          ) : null}
          <label for="reference">Reference (optional)</label>
          <input id="reference" type="text" name="reference" maxlength={100} value={entered?.reference ?? ''} />
          <button type="submit">{title}</button>
        </form>
      ) : null}
    </Frame>,
  );
}
