/**
 * What the relief records of a business should hold (`reliefs.ts`), derived from the settlements themselves, for
 * the rebuild: each receipt or payment relieves its invoices or bills on its date and gives it back on its void's
 * date; each credit allocation likewise on its own dates; each void of an invoice or bill relieves its total on
 * the void's date; a credit allocation relieves its credit document too (of its unapplied credit). The same amounts the postings book: the home amounts each settlement recorded (at the document's
 * rate), converted at that rate for settlements made before they were recorded.
 */
import type { Id } from '../../../shared/platform/core/ids.ts';
import type { MoneyRecord } from '../../../shared/cash/index.ts';
import { allocationDate, type CreditAllocationRecord } from '../../../shared/cash/index.ts';
import { convertAccepted } from '../../../shared/ledger/exchange.ts';
import { shownVoidDate } from '../../../shared/ledger/void-date.ts';
import { documentRate, hasOpenAmount, relievedOf, type DocumentRecord } from '../../../shared/ledger/documents/records.ts';
import type { ReliefEvent } from '../../../shared/ledger/documents/reliefs.ts';

interface Settlement {
  readonly source: Id;
  readonly date: string;
  readonly voidDate: string | null;
  readonly documentId: Id;
  readonly amount: number;
  readonly home: number | undefined;
}

/** A settlement's relief on its date and, when voided, its undoing on the void's date. */
function eventsOf(settlement: Settlement, document: DocumentRecord, homeCurrency: string): ReliefEvent[] {
  const home = settlement.home ?? convertAccepted(settlement.amount, document.currency, documentRate(document), homeCurrency);
  const made: ReliefEvent = { document, date: settlement.date, source: settlement.source, relieved: { amount: settlement.amount, home } };
  return settlement.voidDate === null ? [made] : [made, { ...made, date: settlement.voidDate, relieved: { amount: -settlement.amount, home: -home } }];
}

export function reliefHistory(documents: readonly DocumentRecord[], money: readonly MoneyRecord[], allocations: readonly CreditAllocationRecord[], homeCurrency: string): ReliefEvent[] {
  const byId = new Map(documents.filter((document) => hasOpenAmount(document.type)).map((document) => [document.id as string, document]));
  const settlements: Settlement[] = [
    ...money.flatMap((record) => record.allocations.map((allocation) => ({ source: record.id, date: record.date, voidDate: shownVoidDate(record), documentId: allocation.document_id, amount: allocation.amount, home: allocation.base_amount }))),
    ...allocations.flatMap((allocation) => {
      const applied = { source: allocation.credit_note_id, date: allocationDate(allocation), voidDate: shownVoidDate(allocation), amount: allocation.amount };
      return [{ ...applied, documentId: allocation.document_id, home: allocation.invoice_base_amount }, { ...applied, documentId: allocation.credit_note_id, home: allocation.base_amount }];
    }),
  ];
  const settled = settlements.flatMap((settlement) => {
    const document = byId.get(settlement.documentId);
    return document ? eventsOf(settlement, document, homeCurrency) : [];
  });
  const voided = [...byId.values()].flatMap((document): ReliefEvent[] => {
    const voidDate = shownVoidDate(document);
    // A voided document has relieved all of it (its settlements were voided first).
    return voidDate === null ? [] : [{ document, date: voidDate, source: document.id, relieved: relievedOf(document, homeCurrency) }];
  });
  return [...settled, ...voided];
}
