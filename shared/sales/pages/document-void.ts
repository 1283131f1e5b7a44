import { voidDocument } from '../../documents/index.ts';
import { DOCUMENT_SPECS, documentStore, recordVoidInputOfForm, voidInputOfForm } from '../../ledger/index.ts';
import type { DocumentType } from '../../ledger/index.ts';
import { voidWithFiles, recordFilesFor } from '../../attachments/index.ts';
import { parties } from '../../parties/index.ts';
import { NotFound } from '../../platform/core/errors.ts';
import { toMajor } from '../../platform/core/money.ts';
import type { Id } from '../../platform/core/ids.ts';
import { html, redirect } from '../../platform/http/web.ts';
import { formatMoney } from '../../platform/web/parts.tsx';
import { voidConfirmationPage } from '../../platform/web/void-confirmation.tsx';
import type { Viewer } from '../../platform/web/viewer.ts';
import type { Form } from '../../platform/core/form.ts';

/** A document's void from its page, once confirmed: voided as the API voids it, then its page again. */
export async function voidDocumentFromPage(viewer: Viewer, type: DocumentType, base: string, id: Id, form: Form) {
  await voidWithFiles({ businessId: viewer.business.id, scopes: viewer.scopes, type, id }, recordVoidInputOfForm(form), (input) => voidDocument(type, viewer.business.id, id, input));
  return redirect(`${base}/${id}?notice=voided`);
}

/**
 * What the void button of a document's page opens (a GET: asking posts nothing and spends no quota): the document,
 * the day its reversal will be booked, and the button that voids it.
 */
export async function documentVoidConfirmation(viewer: Viewer, type: DocumentType, base: string, id: Id, query: Form) {
  const input = voidInputOfForm(query);
  const stored = await documentStore.get(viewer.business.id, id);
  if (!stored || stored.record.type !== type) throw new NotFound(DOCUMENT_SPECS[type].label);
  const document = stored.record;
  const [party, files] = await Promise.all([parties(DOCUMENT_SPECS[type].party).store.get(viewer.business.id, document.party_id), recordFilesFor(viewer, type, id)]);
  const label = DOCUMENT_SPECS[type].label.toLowerCase();
  return html(
    200,
    voidConfirmationPage(viewer, {
      what: `${label} ${document.no}`,
      facts: [
        [DOCUMENT_SPECS[type].party === 'customer' ? 'Customer' : 'Vendor', party?.record.name ?? ''],
        ['Date', document.date],
        ['Total', formatMoney(toMajor(document.total, document.currency), document.currency)],
      ],
      action: `${base}/${id}/void`,
      back: `${base}/${id}`,
      voidDate: input.void_date,
      ownDate: document.date,
      posted: DOCUMENT_SPECS[type].posting !== 'none',
      removableFiles: files?.deletable ? files.files.length : 0,
    }),
  );
}
