/**
 * The audit trail's migration for books kept before it (issue 47, item 7): every existing record without an entry of
 * its own gets one `recorded` entry by the service (`migration`), dated the record's `created_at` and listing its
 * fields as a creation does, so every record has a history and the chain (which places them as they are written)
 * holds them all. Idempotent: a record that has any entry in the year it was made is left alone, so a second run
 * writes nothing. Here, in the local composition root, because it reads every domain's records (the audit domain
 * reads none: the domains write to it).
 */
import type { Id } from '../../shared/platform/core/ids.ts';
import { queryPage } from '../../shared/platform/db/query.ts';
import { WriteTransaction } from '../../shared/platform/db/transaction.ts';
import { actingAs, serviceActor } from '../../shared/platform/trail/acting.ts';
import { createdAction, type Described } from '../../shared/platform/trail/actions.ts';
import { addAuditEntry, auditPk, auditRecordPrefix } from '../../shared/platform/trail/write.ts';
import type { ChangeRules } from '../../shared/platform/trail/changes.ts';
import { asDocumentOf, documentStore, toDocumentResource } from '../../shared/ledger/documents/records.ts';
import { moneyStore } from '../../shared/cash/records.ts';
import { describeMoney } from '../../shared/cash/refunds.ts';
import { manualJournalStore, toManualJournalResource } from '../../shared/ledger/journals.ts';
import { toTransferResource, transferStore } from '../../shared/banking/transfers.ts';
import { parties } from '../../shared/parties/parties.ts';
import { itemStore } from '../../shared/items/items.ts';
import { accountStore, toAccountResource } from '../../shared/ledger/accounts.ts';
import { startingRateId, taxRateStore, toTaxRateResource } from '../../shared/ledger/tax/tax-rates.ts';
import { STARTING_RATES } from '../../shared/ledger/tax/tax-kinds.ts';
import { toBankAccount } from '../../shared/banking/bank-accounts.ts';
import { bankRuleStore, toBankRuleResource } from '../../shared/banking/rules.ts';
import { recurringStore, toRecurringResource } from '../../shared/sales/recurring/recurring.ts';
import { memberStore, toMemberResource } from '../../shared/access/members/members.ts';
import { apiKeyRecords, KEY_SECRETS } from '../../shared/access/keys/api-keys.ts';
import { endpointStore, ENDPOINT_SECRETS } from '../../shared/webhooks/endpoints.ts';

/** One existing record as its trail describes it: the type its entries carry, and the fields a creation lists. */
interface Existing {
  readonly type: string;
  readonly created_at: string;
  readonly described: Described;
  readonly rules?: ChangeRules;
  /** A record the business starts with (its chart, its starting tax rates): recorded by the business's own creation entry when it has one. */
  readonly starting?: boolean;
}

const dated = (record: { readonly created_at?: string | null }) => record.created_at ?? new Date().toISOString();

/** Every kind of record the trail covers, read whole, each described as its own writes describe it. */
async function existingRecords(businessId: Id): Promise<Existing[]> {
  const [documents, money, journals, transfers, customers, vendors, items, accounts, rules, schedules, members, keys, endpoints, taxRates] = await Promise.all([
    documentStore.all(businessId),
    moneyStore.all(businessId),
    manualJournalStore.all(businessId),
    transferStore.all(businessId),
    parties('customer').store.all(businessId),
    parties('vendor').store.all(businessId),
    itemStore.all(businessId),
    accountStore.all(businessId),
    bankRuleStore.all(businessId),
    recurringStore.all(businessId),
    memberStore.all(businessId),
    apiKeyRecords.all(businessId),
    endpointStore.all(businessId),
    taxRateStore.all(businessId),
  ]);
  const startingRates = new Set(STARTING_RATES.map((rate) => startingRateId(businessId, rate.kind)));
  return [
    ...documents.map((document) => ({ type: document.type, created_at: dated(document), described: toDocumentResource(asDocumentOf(document.type, document)) })),
    ...money.map((record) => ({ type: record.kind, created_at: dated(record), described: describeMoney(record) })),
    ...journals.map((journal) => ({ type: 'journal', created_at: dated(journal), described: toManualJournalResource(journal) })),
    ...transfers.map((transfer) => ({ type: 'transfer', created_at: dated(transfer), described: toTransferResource(transfer) })),
    ...customers.map((party) => ({ type: 'customer', created_at: dated(party), described: party })),
    ...vendors.map((party) => ({ type: 'vendor', created_at: dated(party), described: party })),
    ...items.map((item) => ({ type: 'item', created_at: dated(item), described: item })),
    ...accounts.map((account) => (account.cash_flow ? { type: 'bank_account', created_at: dated(account), described: toBankAccount(account) } : { type: 'account', created_at: dated(account), described: toAccountResource(account), starting: Boolean(account.system_role) })),
    ...taxRates.map((rate) => ({ type: 'tax_rate', created_at: dated(rate), described: toTaxRateResource(rate), starting: startingRates.has(rate.id) })),
    ...rules.map((rule) => ({ type: 'bank_rule', created_at: dated(rule), described: toBankRuleResource(rule) })),
    ...schedules.map((schedule) => ({ type: 'recurring_invoice', created_at: dated(schedule), described: toRecurringResource(schedule) })),
    ...members.map((member) => ({ type: 'member', created_at: dated(member), described: toMemberResource(member) })),
    ...keys.map((key) => ({ type: 'api_key', created_at: dated(key), described: key, rules: { secret: KEY_SECRETS } })),
    ...endpoints.map((endpoint) => ({ type: 'webhook_endpoint', created_at: dated(endpoint), described: endpoint, rules: { secret: ENDPOINT_SECRETS } })),
  ];
}

/** Whether a record has any entry in the year it was made: its creation's (a starting record's, the business's), or this migration's. */
async function hasEntry(businessId: Id, record: Existing): Promise<boolean> {
  const recorded = async (type: string, id: string) => (await queryPage({ pk: auditPk(businessId, record.created_at.slice(0, 4)), index: 'lsi1', sortKey: 'lsi1sk', prefix: auditRecordPrefix(type, id) }, 0, 1)).length > 0;
  return (await recorded(record.type, record.described.id)) || (record.starting === true && (await recorded('business', businessId)));
}


/** Entries written a transaction at a time. */
const ENTRIES_PER_TRANSACTION = 25;

/** Records the business's records that have no entry yet; answers how many it read and how many it recorded. */
export async function backfillAuditTrail(businessId: Id, options: { readonly write: boolean }): Promise<{ readonly records: number; readonly recorded: number }> {
  const records = await existingRecords(businessId);
  const missing: Existing[] = [];
  for (let start = 0; start < records.length; start += ENTRIES_PER_TRANSACTION) {
    const part = records.slice(start, start + ENTRIES_PER_TRANSACTION);
    const found = await Promise.all(part.map((record) => hasEntry(businessId, record)));
    missing.push(...part.filter((_, index) => !found[index]));
  }
  if (options.write) {
    // Oldest first, as they were made: the chainer places them in the order they are written.
    const ordered = [...missing].sort((a, b) => a.created_at.localeCompare(b.created_at));
    await actingAs({ actor: serviceActor('migration'), requestId: null, clientIp: null }, async () => {
      for (let start = 0; start < ordered.length; start += ENTRIES_PER_TRANSACTION) {
        const tx = new WriteTransaction();
        for (const record of ordered.slice(start, start + ENTRIES_PER_TRANSACTION)) addAuditEntry(tx, businessId, { ...createdAction(record.type, record.described, [], record.rules), action: 'recorded' }, record.created_at);
        await tx.commit();
      }
    });
  }
  return { records: records.length, recorded: missing.length };
}
