/**
 * When each invoice or bill was relieved, so a report of a past date can tell what was open then. Every change of
 * what a document has settled (a receipt or payment, a credit allocation, a void, and the void of any of those)
 * adds, in its own transaction, one relief record per source and business date: each document it moved,
 * with the amount (document currency) and home amount it relieved, negative when it was undone.
 *
 * One record per posting rather than one per document: a receipt settling 25 invoices already writes 84 items
 * of DynamoDB's 100. The record is keyed by its source (the receipt, payment or credit note, or the document
 * voided) and date, so postings of different sources never write the same item; amounts are added (DynamoDB ADD),
 * so a source's void on its own date nets into its record. A report as of a date reads the records dated after it:
 * what has been relieved since, never the whole history; and of those only the documents dated on or before it,
 * named with their date in the record (`d#<id>#<date>`), so what was made and settled since costs the report nothing.
 */
import type { Id } from '../../platform/core/ids.ts';
import { businessPk, type Key } from '../../platform/db/keys.ts';
import { queryAll } from '../../platform/db/query.ts';
import type { WriteTransaction } from '../../platform/db/transaction.ts';
import type { DocumentType } from './specs.ts';

export interface Relieved {
  /** Document-currency minor units relieved (settled, credited or voided). */
  readonly amount: number;
  /** Home-currency minor units of the receivable or payable those relieved, at the document's rate. */
  readonly home: number;
}

const reliefsPk = (businessId: Id) => `${businessPk(businessId)}#RELIEF`;
const reliefKey = (businessId: Id, type: DocumentType, date: string, source: Id): Key => ({ pk: reliefsPk(businessId), sk: `${type}#${date}#${source}` });
const AMOUNT = 'a#';
const HOME = 'h#';
/**
 * `d#<id>#<date>`: the document's own date, in the name, since a record's amounts are only ever added (ADD); its
 * value counts the record's reliefs of the document (+1, and −1 for an undo), so it nets out with the amounts.
 */
const DATED = 'd#';
const datedAttribute = (document: { readonly id: Id; readonly date: string }) => `${DATED}${document.id}#${document.date}`;
const reliefCount = (relieved: Relieved) => Math.sign(relieved.amount || relieved.home);

/** A relief record's attributes for one relief of a document. */
const reliefDeltas = (document: ReliefEvent['document'], relieved: Relieved) => ({ [`${AMOUNT}${document.id}`]: relieved.amount, [`${HOME}${document.id}`]: relieved.home, [datedAttribute(document)]: reliefCount(relieved) });

/** Books `relieved` of a document on `date` by `source` (the receipt, payment, credit note or document voided), in that source's record of the day. */
export function addRelief(tx: WriteTransaction, businessId: Id, document: ReliefEvent['document'], on: { readonly date: string; readonly source: Id }, relieved: Relieved): void {
  tx.tally('RELIEF', reliefKey(businessId, document.type, on.date, on.source), reliefDeltas(document, relieved));
}

/**
 * What was relieved after `asOf` (records dated the next day onwards) of each document of a type that existed on
 * `asOf`, by document id: one dated after it was not open then, whatever happened to it since. A record kept before
 * documents' dates were named in it names none: its documents are all returned, as before.
 */
export async function relievedAfter(businessId: Id, type: DocumentType, asOf: string): Promise<Map<Id, Relieved>> {
  const records = await queryAll({ pk: reliefsPk(businessId), sortKey: 'sk', prefix: `${type}#`, between: [`${type}#${asOf}#\uffff`, `${type}#\uffff`] });
  const later = new Set(records.flatMap((record) => Object.keys(record).flatMap((name) => (name.startsWith(DATED) && name.slice(-10) > asOf ? [name.slice(DATED.length, -11)] : []))));
  return new Map([...summed(records)].filter(([id]) => !later.has(id)));
}

/** One change of what a document has relieved, as the rebuild derives it from the settlements themselves. */
export interface ReliefEvent {
  readonly document: { readonly id: Id; readonly type: DocumentType; readonly date: string };
  readonly date: string;
  readonly source: Id;
  readonly relieved: Relieved;
}

/**
 * The relief items these events add up to, by key text (`pk`, NUL, `sk`), each with its non-zero amounts only: what
 * the rebuild compares with the stored items (whose amounts that netted to zero are dropped too).
 */
export function reliefItemsOf(businessId: Id, events: readonly ReliefEvent[]): Map<string, Record<string, unknown>> {
  const items = new Map<string, Record<string, unknown> & Key>();
  for (const { document, date, source, relieved } of events) {
    const key = reliefKey(businessId, document.type, date, source);
    const text = `${key.pk}\u0000${key.sk}`;
    const item = items.get(text) ?? { ...key };
    items.set(text, item);
    for (const [attribute, by] of Object.entries(reliefDeltas(document, relieved))) item[attribute] = Number(item[attribute] ?? 0) + by;
  }
  return new Map([...items].map(([text, item]) => [text, withoutZeros(item)] as const).filter(([, item]) => Object.keys(item).length > 2));
}

/** The stored relief items by key text, their zero amounts dropped. */
export async function storedReliefItems(businessId: Id): Promise<Map<string, Record<string, unknown>>> {
  const items = await queryAll({ pk: reliefsPk(businessId), sortKey: 'sk', prefix: '' });
  return new Map(items.map((item) => [`${String(item.pk)}\u0000${String(item.sk)}`, withoutZeros(item)] as const).filter(([, item]) => Object.keys(item).length > 2));
}

const withoutZeros = (item: Record<string, unknown>) => Object.fromEntries(Object.entries(item).filter(([, value]) => value !== 0));

function summed(records: readonly Record<string, unknown>[]): Map<Id, Relieved> {
  const relieved = new Map<Id, { amount: number; home: number }>();
  for (const record of records) {
    for (const [attribute, value] of Object.entries(record)) {
      const field = attribute.startsWith(AMOUNT) ? 'amount' : attribute.startsWith(HOME) ? 'home' : undefined;
      if (!field) continue;
      const id = attribute.slice(2) as Id;
      const sum = relieved.get(id) ?? { amount: 0, home: 0 };
      sum[field] += Number(value);
      relieved.set(id, sum);
    }
  }
  return relieved;
}
