/**
 * Books kept before tax rates: each document line posted with a bare percentage names, once, the rate that
 * percentage resolves to now (0 the zero rate, any other the active standard rate of that percentage, created when
 * missing), as a new posting's line would. Figures never change: only `tax_rate_id` is added. Run by
 * `ledger:rebuild`; a second run finds nothing left to name.
 */
import type { Id } from '../../platform/core/ids.ts';
import { WriteTransaction } from '../../platform/db/transaction.ts';
import { addDocumentReplace, documentStore } from '../documents/records.ts';
import { DOCUMENT_SPECS } from '../documents/specs.ts';
import { isProblem, taxRateBook } from './resolve.ts';
import { addRatesUsed, readTaxRates } from './tax-rates.ts';

export interface NamedLines {
  /** Lines that had no rate, across all documents. */
  readonly lines: number;
  readonly documents: number;
  /** Lines whose percentage could not be named (an archived rate of it and none active): left as they were. */
  readonly unresolved: number;
}

export async function nameTaxRatesOfLines(businessId: Id, options: { readonly write: boolean }): Promise<NamedLines> {
  const now = new Date().toISOString();
  const documents = (await documentStore.allStored(businessId)).filter((stored) => stored.record.lines.some((line) => !line.tax_rate_id));
  let lines = 0;
  let unresolved = 0;
  for (const stored of documents) {
    // Read afresh for each document, so a rate the previous one created or marked used is seen as it now is.
    const book = taxRateBook(businessId, await readTaxRates(businessId), DOCUMENT_SPECS[stored.record.type].party === 'customer' ? 'sales' : 'purchases', now);
    const named = stored.record.lines.map((line, index) => {
      if (line.tax_rate_id) return line;
      lines++;
      const resolved = book.resolve({ tax_rate: line.tax_rate }, `lines[${index}]`);
      if (isProblem(resolved)) {
        unresolved++;
        return line;
      }
      return { ...line, tax_rate_id: resolved.rate.id };
    });
    if (!options.write) continue;
    const tx = new WriteTransaction();
    addRatesUsed(tx, businessId, book.named());
    addDocumentReplace(tx, businessId, stored, { ...stored.record, lines: named });
    await tx.commit();
  }
  return { lines, documents: documents.length, unresolved };
}
