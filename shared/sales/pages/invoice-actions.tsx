/** An invoice's actions in the dashboard: its PDF and e-invoice, its public link to copy, and sending it by e-mail. */
import { Hidden, renderDocument } from '../../platform/web/layout.tsx';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { FormTokens } from '../../platform/web/parts.tsx';
import { placeEntry, type FormEntry } from '../../platform/web/form-entry.tsx';
import { SendFields } from '../../platform/web/send-fields.tsx';
import { EInvoiceLinks } from './e-invoice-links.tsx';

/** `entry`: a refused send, drawn again with what was typed and each problem beside its field. */
export function InvoiceActions(props: { viewer: Viewer; invoiceId: string; voided: boolean; sendKey: string; customerEmail: string | null; entry?: FormEntry | undefined }) {
  const base = `/dashboard/invoices/${props.invoiceId}`;
  const canSend = props.viewer.scopes.has('sales_invoices:update') && !props.voided;
  const entry = placeEntry(['to', 'cc', 'subject', 'message'], props.entry);
  return (
    <div class="card">
      <h2>Share</h2>
      {entry.above}
      <p>
        <a class="button secondary" href={`${base}/pdf`} download>
          Download PDF
        </a>
        <EInvoiceLinks base={base} />
        {props.viewer.scopes.has('sales_invoices:update') ? (
          <a class="button secondary" href={`${base}/link`}>
            Public link
          </a>
        ) : null}
      </p>
      {canSend ? (
        <form method="post" action={`${base}/send`} noValidate>
          <FormTokens viewer={props.viewer} />
          <Hidden name="idempotency_key" value={props.sendKey} />
          <Hidden name="back" value={base} />
          <SendFields entry={entry} customerEmail={props.customerEmail} />
          <button type="submit">Send invoice</button>
        </form>
      ) : null}
    </div>
  );
}

export function invoiceLinkPage(view: { viewer: Viewer; invoiceId: string; url: string }): string {
  return renderDocument(
    <Frame viewer={view.viewer} title="Public link">
      <p>Whoever has this link sees the invoice and its PDF without an account. It is the same link every time.</p>
      <div class="card">
        <label for="public-link">Public link (select it and copy)</label>
        <input id="public-link" type="text" readOnly value={view.url} />
        <p>
          <a href={view.url}>Open the public page</a>
        </p>
      </div>
      <p>
        <a href={`/dashboard/invoices/${view.invoiceId}`}>Back to the invoice</a>
      </p>
    </Frame>,
  );
}
