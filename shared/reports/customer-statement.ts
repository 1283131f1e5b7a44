/**
 * A customer's statement of account (api.md, "Statements"): read from the customer's own lines of the general
 * ledger's projection (one Query of the period, however long the history) and the customer's row of the aged
 * receivables at the period's end, which gives the closing balance; the opening balance is what the period's
 * lines leave of it (`statementBlocks`).
 */
import { exactMajor } from '../platform/core/money.ts';
import { NotFound, TooLarge } from '../platform/core/errors.ts';
import type { Id } from '../platform/core/ids.ts';
import { documentStore, partyLedgerLines } from '../ledger/index.ts';
import type { LedgerLine } from '../ledger/index.ts';
import { moneyStore } from '../cash/index.ts';
import { parties } from '../parties/index.ts';
import type { PartyRecord } from '../parties/index.ts';
import { agesInMajor, partyAgedAsOf } from './aged-reports.ts';
import { statementBlocks, statementSheet, type StatementBlock } from './customer-statement-rules.ts';
import { getBusinessProfile } from '../access/index.ts';
import { renderSheetPdf } from '../sales/index.ts';

/** The most postings one statement lists; a longer period is refused, naming `from`, rather than read whole. */
export const STATEMENT_LINES = 1000;

export interface StatementPeriod {
  readonly from: string;
  readonly to: string;
}

/** The statement's blocks, with the customer, from one read of each: its lines, its aged row, the customer. */
async function statementOf(businessId: Id, customerId: Id, period: StatementPeriod) {
  const [customer, page, aged] = await Promise.all([
    parties('customer').store.get(businessId, customerId),
    partyLedgerLines(businessId, customerId, period, STATEMENT_LINES + 1),
    partyAgedAsOf(businessId, 'receivables', customerId, period.to),
  ]);
  if (!customer) throw new NotFound('customer');
  if (page.lines.length > STATEMENT_LINES) throw new TooLarge('from', `This period holds more than ${STATEMENT_LINES} postings for the customer; choose a later from.`);
  const references = await referencesOf(businessId, page.lines);
  const postings = page.lines.filter(isStatementLine).map((line) => ({
    date: line.date,
    type: line.document_type,
    no: line.document_no,
    reference: references.get(line.document_id) ?? null,
    currency: line.currency,
    debit: BigInt(line.debit),
    credit: BigInt(line.credit),
  }));
  return { customer: customer.record, blocks: statementBlocks(postings, aged) };
}

export async function customerStatement(businessId: Id, customerId: Id, period: StatementPeriod) {
  const { customer, blocks } = await statementOf(businessId, customerId, period);
  return { customer_id: customerId, name: customer.name, from: period.from, to: period.to, currencies: blocks.map(toStatementResource) };
}

/** The statement as a PDF, with the business's profile as its letterhead. */
export async function customerStatementPdf(businessId: Id, customerId: Id, period: StatementPeriod): Promise<{ readonly bytes: Buffer; readonly filename: string }> {
  const [{ customer, blocks }, business] = await Promise.all([statementOf(businessId, customerId, period), getBusinessProfile(businessId)]);
  return drawStatement(business, customer, period, blocks);
}

/** What the mail worker sends: the PDF, the names and the blocks; undefined when the customer is gone. */
export async function statementForMail(businessId: Id, customerId: Id, period: StatementPeriod) {
  const [statement, business] = await Promise.all([statementOf(businessId, customerId, period).catch((error: unknown) => (error instanceof NotFound ? undefined : Promise.reject(error))), getBusinessProfile(businessId)]);
  if (!statement) return undefined;
  return { businessName: business.name, customerName: statement.customer.name, blocks: statement.blocks, pdf: await drawStatement(business, statement.customer, period, statement.blocks) };
}

async function drawStatement(business: Awaited<ReturnType<typeof getBusinessProfile>>, customer: PartyRecord, period: StatementPeriod, blocks: readonly StatementBlock[]) {
  const party = { name: customer.name, address: customer.billing_address, email: customer.email, phone: customer.phone, tax_number: customer.tax_number };
  return { bytes: await renderSheetPdf(statementSheet(business, party, period, blocks)), filename: `statement-${period.from}-${period.to}.pdf` };
}

/**
 * A line moves the customer's balance: not one of home amounts only (a realized gain on the control account moves
 * nothing in the customer's currency), nor a debit note's, which the aged receivables (the closing balance) leave
 * out, as nothing settles a debit note: listing its line would put the opening balance out by its amount.
 */
const isStatementLine = (line: LedgerLine) => (line.debit !== 0 || line.credit !== 0) && line.document_type !== 'debit_note';

/** The references of the documents and money the lines post, read side by side (a credit allocation has none). */
async function referencesOf(businessId: Id, lines: readonly LedgerLine[]): Promise<ReadonlyMap<Id, string | null>> {
  const ids = (types: readonly string[]) => [...new Set(lines.filter((line) => types.includes(line.document_type)).map((line) => line.document_id))];
  const [documents, money] = await Promise.all([documentStore.getMany(businessId, ids(['invoice', 'credit_note'])), moneyStore.getMany(businessId, ids(['receipt', 'payment']))]);
  return new Map([...documents, ...money].map((record) => [record.id, record.reference]));
}

function toStatementResource(block: StatementBlock) {
  const { currency } = block;
  return {
    currency,
    opening_balance: exactMajor(block.openingBalance, currency),
    lines: block.lines.map((line) => ({
      date: line.date,
      type: line.type,
      no: line.no,
      reference: line.reference,
      debit: exactMajor(line.debit, currency),
      credit: exactMajor(line.credit, currency),
      balance: exactMajor(line.balance, currency),
    })),
    closing_balance: exactMajor(block.closingBalance, currency),
    aged: agesInMajor(block.aged, currency),
  };
}
