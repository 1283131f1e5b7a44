import { addAuditEntry } from '../platform/trail/write.ts';
import { createdAction, deletedAction } from '../platform/trail/actions.ts';
import { createHmac, randomBytes } from 'node:crypto';
import { type Key } from '../platform/db/keys.ts';
import type * as v from 'valibot';
import { collection } from '../platform/db/collection.ts';
import { getItem } from '../platform/db/query.ts';
import { mustNotExist, WriteTransaction } from '../platform/db/transaction.ts';
import { cashAccountProblem, documentStore, findCashFlowAccount } from '../ledger/index.ts';
import { NotFound, RuleViolation, Unauthenticated } from '../platform/core/errors.ts';
import { newId, normalizeId, type Id } from '../platform/core/ids.ts';
import type { Page, PageRequest } from '../platform/core/paging.ts';
import { recordMoney } from '../cash/index.ts';
import { constantTimeEqual } from '../access/index.ts';
import { addLines, lineIdForExternal, lineStore, statusOf, toLineResource } from './lines.ts';
import { matchLine } from './reconcile.ts';
import type { PayoutConfirmation } from './schemas.ts';

/** How far a rail call's timestamp may be from now. */
const TOLERANCE_SECONDS = 300;

export interface RailRecord {
  readonly id: Id;
  readonly name: string;
  readonly payment_account_id: Id;
  /** Kept as it is (encrypted at rest with the table): verifying an HMAC needs the key itself. */
  readonly secret: string;
  readonly created_at: string;
}

const railStore = collection<RailRecord>({ kind: 'RAIL', order: (rail) => `RAIL#${rail.created_at}#${rail.id}` });

export function toRailResource(rail: RailRecord) {
  const { secret: _secret, ...resource } = rail;
  return resource;
}

export async function createRail(businessId: Id, input: { name: string; payment_account_id: Id }) {
  const accountProblem = cashAccountProblem(await findCashFlowAccount(businessId, input.payment_account_id), undefined);
  if (accountProblem) throw new RuleViolation([accountProblem]);
  const rail: RailRecord = { id: newId(), name: input.name, payment_account_id: input.payment_account_id, secret: `rsec_${randomBytes(32).toString('base64url')}`, created_at: new Date().toISOString() };
  const tx = new WriteTransaction();
  railStore.addCreate(tx, businessId, rail);
  tx.put('RAIL:lookup', { ...railLookupKey(rail.id), entity: 'RAIL_LOOKUP', business_id: businessId }, mustNotExist);
  // The rail's secret is never in the trail: its resource leaves it out.
  addAuditEntry(tx, businessId, createdAction('payout_rail', toRailResource(rail)));
  await tx.commit();
  return { ...toRailResource(rail), secret: rail.secret };
}

export async function listRails(businessId: Id, page: PageRequest): Promise<Page<ReturnType<typeof toRailResource>>> {
  const result = await railStore.page(businessId, page);
  return { ...result, items: result.items.map(toRailResource) };
}

export async function deleteRail(businessId: Id, id: Id) {
  const stored = await railStore.get(businessId, id);
  if (!stored) throw new NotFound('payout rail');
  const tx = new WriteTransaction();
  railStore.addRemove(tx, businessId, stored.record, stored.version);
  tx.delete('RAIL:lookup', railLookupKey(id));
  addAuditEntry(tx, businessId, deletedAction('payout_rail', toRailResource(stored.record)));
  await tx.commit();
  return toRailResource(stored.record);
}

const refused = () => new Unauthenticated('The rail-signature header is missing, stale or does not match.', 'Rail-Signature');

/** A verified rail call: the rail whose secret signed it, and its business. */
export interface RailCall {
  readonly businessId: Id;
  readonly rail: RailRecord;
}

/** The id a call is checked against when its rail id names no rail: the same reads and the same HMAC happen. */
const NO_RAIL = '00000000-0000-4000-8000-000000000000' as Id;
const NO_SECRET = 'rsec_no-rail-has-this-secret';

/** The header's fields; a field given twice makes the whole header unreadable (it would be checked half-way). */
function signatureFields(header: string | undefined): Record<string, string> | null {
  const fields: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const [name, value] = part.trim().split('=', 2) as [string, string | undefined];
    if (value === undefined || name in fields) return null;
    fields[name] = value;
  }
  return fields;
}

/**
 * `rail-signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">` with the rail's secret, within five minutes, compared
 * in constant time. An unknown rail is refused the same way as a bad signature, after the same work (both reads and
 * the HMAC, against a rail that does not exist), so rail ids cannot be probed by the answer or by its time.
 */
export async function verifyRailCall(railIdText: string, header: string | undefined, body: string, now = Date.now()): Promise<RailCall> {
  const railId = normalizeId(railIdText) ?? NO_RAIL;
  const lookup = await getItem(railLookupKey(railId));
  const stored = await railStore.get((lookup?.business_id as Id | undefined) ?? NO_RAIL, railId);
  const fields = signatureFields(header);
  const timestamp = Number(fields?.t);
  const expected = createHmac('sha256', stored?.record.secret ?? NO_SECRET).update(`${fields?.t ?? ''}.${body}`).digest('hex');
  const signed = fields?.v1 ?? '';
  const matches = constantTimeEqual(expected, signed);
  if (!lookup || !stored || !fields || !Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > TOLERANCE_SECONDS || !matches) throw refused();
  return { businessId: lookup.business_id as Id, rail: stored.record };
}

/**
 * A signed payout confirmation: when it names a bill, a payment through the same producer as POST /payments
 * (numbering, journal, `bill.paid` on the crossing), keyed by the confirmation id; then the statement line on the
 * rail's account, keyed by the same id. Sent twice, the payment replays and the line is skipped: nothing doubles.
 */
export async function confirmPayout({ businessId, rail }: RailCall, confirmation: v.InferOutput<typeof PayoutConfirmation>) {
  const account = await findCashFlowAccount(businessId, rail.payment_account_id);
  if (!account) throw RuleViolation.of('payment_account_id', "the rail's account no longer exists");
  if (confirmation.currency !== account.currency) throw RuleViolation.of('currency', `must be ${account.currency ?? 'the account currency'}, the rail account's currency`);

  let payment = null;
  if (confirmation.bill_id) {
    const bill = await documentStore.get(businessId, confirmation.bill_id);
    if (!bill || bill.record.type !== 'bill') throw new NotFound('bill');
    const recorded = await recordMoney(
      'payment',
      businessId,
      { party_id: bill.record.party_id, date: confirmation.date, payment_account_id: rail.payment_account_id, currency: confirmation.currency, allocations: [{ document_id: confirmation.bill_id, amount: confirmation.amount }], reference: confirmation.reference ?? confirmation.id },
      { route: `rails.${rail.id}`, key: confirmation.id },
    );
    payment = recorded.resource;
  }
  const externalId = `payout:${confirmation.id}`;
  const lines = await addLines(businessId, rail.payment_account_id, [{ date: confirmation.date, amount: -confirmation.amount, description: confirmation.reference ?? `Payout ${confirmation.id}`, external_id: externalId }], 'rail');
  // The rail's line is explained by the payment it recorded: linked at once (again on a repeat, if a crash came between).
  const line = await lineStore.get(businessId, lineIdForExternal(rail.payment_account_id, externalId));
  const matched = payment && line && statusOf(line.record) === 'unmatched' ? await matchLine(businessId, line.record.id, { money_id: payment.id }) : undefined;
  const shown = lines.added[0] ? (matched ?? (line ? toLineResource(line.record) : lines.added[0])) : null;
  return { id: confirmation.id, replayed: lines.added.length === 0, bank_feed_line: shown, payment };
}

/** A payout rail is called by a bank with only its id in the URL: this item leads from the id to its business. */
export function railLookupKey(railId: Id): Key {
  return { pk: `RAIL#${railId}`, sk: 'RAIL' };
}
