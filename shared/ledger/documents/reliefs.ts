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
 * what has been relieved since, never the whole history. Each record also describes the documents it relieved
 * (`m#<id>`: number, party, currency, date and due date, set with every relief), so the report reads neither
 * those closed since nor those made since: a document dated after the report's date was not open then.
 */
import type { Id } from '../../platform/core/ids.ts';
import { businessPk, type Key } from '../../platform/db/keys.ts';
import { queryAll } from '../../platform/db/query.ts';
import type { WriteTransaction } from '../../platform/db/transaction.ts';
import type { DocumentType } from './specs.ts';
import type { DocumentRecord } from './records.ts';

export interface Relieved {
  /** Document-currency minor units relieved (settled, credited or voided). */
  readonly amount: number;
  /** Home-currency minor units of the receivable or payable those relieved, at the document's rate. */
  readonly home: number;
}

/** What a report of a past date needs of a document it does not read: written with each of its reliefs. */
export type ReliefFacts = Pick<DocumentRecord, 'no' | 'party_id' | 'currency' | 'date' | 'due_date'>;

/** A document as a relief names it: its facts, and its id and type. */
export type RelievedDocument = ReliefFacts & Pick<DocumentRecord, 'id' | 'type'>;

/** What was relieved of a document after a date, and its facts when the records name them (those written before they did, do not). */
export interface RelievedSince extends Relieved {
  readonly facts?: ReliefFacts;
}

const reliefsPk = (businessId: Id) => `${businessPk(businessId)}#RELIEF`;
const reliefKey = (businessId: Id, type: DocumentType, date: string, source: Id): Key => ({ pk: reliefsPk(businessId), sk: `${type}#${date}#${source}` });
const AMOUNT = 'a#';
const HOME = 'h#';
const FACTS = 'm#';

/** A relief record's amounts for one relief of a document. */
const reliefDeltas = (document: RelievedDocument, relieved: Relieved) => ({ [`${AMOUNT}${document.id}`]: relieved.amount, [`${HOME}${document.id}`]: relieved.home });
const factsOf = (document: RelievedDocument): Record<string, ReliefFacts> => ({ [`${FACTS}${document.id}`]: { no: document.no, party_id: document.party_id, currency: document.currency, date: document.date, due_date: document.due_date } });

/** Books `relieved` of a document on `date` by `source` (the receipt, payment, credit note or document voided), in that source's record of the day. */
export function addRelief(tx: WriteTransaction, businessId: Id, document: RelievedDocument, on: { readonly date: string; readonly source: Id }, relieved: Relieved): void {
  tx.tally('RELIEF', reliefKey(businessId, document.type, on.date, on.source), reliefDeltas(document, relieved), factsOf(document));
}

/**
 * What was relieved after `asOf` (records dated the next day onwards) of each document of a type, by document id,
 * with the document's facts as the latest record names them. The caller leaves out a document dated after `asOf`:
 * it was not open then, whatever happened to it since.
 */
export async function relievedAfter(businessId: Id, type: DocumentType, asOf: string): Promise<Map<Id, RelievedSince>> {
  const records = await queryAll({ pk: reliefsPk(businessId), sortKey: 'sk', prefix: `${type}#`, between: [`${type}#${asOf}#\uffff`, `${type}#\uffff`] });
  return summed(records);
}

/** One change of what a document has relieved, as the rebuild derives it from the settlements themselves. */
export interface ReliefEvent {
  readonly document: RelievedDocument;
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
    Object.assign(item, factsOf(document));
  }
  return new Map([...items].map(([text, item]) => [text, withoutZeros(item)] as const).filter(([, item]) => Object.keys(item).length > 2));
}

/** The stored relief items by key text, their zero amounts dropped. */
export async function storedReliefItems(businessId: Id): Promise<Map<string, Record<string, unknown>>> {
  const items = await queryAll({ pk: reliefsPk(businessId), sortKey: 'sk', prefix: '' });
  return new Map(items.map((item) => [`${String(item.pk)}\u0000${String(item.sk)}`, withoutZeros(item)] as const).filter(([, item]) => Object.keys(item).length > 2));
}

const withoutZeros = (item: Record<string, unknown>) => Object.fromEntries(Object.entries(item).filter(([, value]) => value !== 0));

/** The records' amounts summed per document, with the facts of the latest record naming it (records come in date order). */
function summed(records: readonly Record<string, unknown>[]): Map<Id, RelievedSince> {
  const relieved = new Map<Id, { amount: number; home: number; facts?: ReliefFacts }>();
  const of = (id: Id) => relieved.get(id) ?? relieved.set(id, { amount: 0, home: 0 }).get(id)!;
  for (const record of records) {
    for (const [attribute, value] of Object.entries(record)) {
      const id = attribute.slice(2) as Id;
      if (attribute.startsWith(AMOUNT)) of(id).amount += Number(value);
      else if (attribute.startsWith(HOME)) of(id).home += Number(value);
      else if (attribute.startsWith(FACTS)) of(id).facts = value as ReliefFacts;
    }
  }
  return relieved;
}
