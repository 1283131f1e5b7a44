/**
 * What the business's open foreign items would gain or lose if valued at its rate on a date: open invoices and
 * bills in other currencies, the credit of credit notes and vendor credits not yet applied (money owed back, as the
 * control accounts hold it), and bank accounts held in them. A preview, like Xero's and QuickBooks' unrealized
 * gains report before a revaluation: it posts nothing.
 */
import { batchGet } from '../platform/db/query.ts';
import { accountStore, balancesAsOf, businessRateOn, CASH_FLOW_VIEW, convertAccepted, creditTypesOf, DOCUMENT_SPECS, documentsOpenAsOf, homeCurrencyOf, rateNumber, recentRatesKey, recentRatesOf } from '../ledger/index.ts';
import type { DocumentSpec, DocumentType, OpenAsOf, Rate } from '../ledger/index.ts';
import type { Id } from '../platform/core/ids.ts';
import { exactMajor, toMajor } from '../platform/core/money.ts';
import { parties } from '../parties/index.ts';

/** One open item, signed as the books hold it: what is owed to the business positive, what it owes negative. */
interface OpenItem {
  readonly kind: 'document' | 'bank_account';
  readonly id: Id;
  readonly no: string | null;
  readonly name: string;
  readonly currency: string;
  readonly open: number;
  readonly bookedBase: number;
}

export async function unrealizedFxReport(businessId: Id, asOf: string) {
  const home = homeCurrencyOf(businessId);
  const openOf = (types: readonly DocumentType[]) => Promise.all(types.map((type) => documentsOpenAsOf(businessId, type, asOf, home))).then((lists) => lists.flat());
  const [homeCurrency, receivables, payables, accounts, balances, read] = await Promise.all([
    home,
    openOf(['invoice', ...creditTypesOf('invoice')]),
    openOf(['bill', ...creditTypesOf('bill')]),
    accountStore.all(businessId, {}, CASH_FLOW_VIEW),
    balancesAsOf(businessId, asOf, home),
    batchGet([recentRatesKey(businessId)]),
  ]);
  const foreign = (open: readonly OpenAsOf[]) => open.filter(({ document }) => document.currency !== homeCurrency);
  // Receivables' side (invoices, and the credit against them) and payables' (bills, and the credit against them).
  const [foreignInvoices, foreignBills] = [foreign(receivables), foreign(payables)];
  const partyIds = (open: readonly OpenAsOf[]) => [...new Set(open.map(({ document }) => document.party_id))];
  const names = new Map([...(await parties('customer').store.getMany(businessId, partyIds(foreignInvoices))), ...(await parties('vendor').store.getMany(businessId, partyIds(foreignBills)))].map((party) => [party.id as string, party.name]));
  const items: OpenItem[] = [
    ...[...foreignInvoices, ...foreignBills].map(({ document, open, openHome }) => {
      // Owed to the business: an invoice, a vendor credit or prepayment; owed by it: a bill, a customer's credit.
      const spec: DocumentSpec = DOCUMENT_SPECS[document.type];
      const sign = document.type === 'bill' || spec.credits === 'invoice' ? -1 : 1;
      return { kind: 'document' as const, id: document.id, no: document.no, name: names.get(document.party_id) ?? '', currency: document.currency, open: sign * open, bookedBase: sign * openHome };
    }),
    ...accounts
      .filter((account) => account.currency !== null && account.currency !== homeCurrency)
      .map((account) => ({ kind: 'bank_account' as const, id: account.id, no: null, name: account.name, currency: account.currency!, open: Number(balances.byCurrency.get(account.currency!)?.get(account.id) ?? 0n), bookedBase: Number(balances.home.get(account.id) ?? 0n) }))
      .filter((item) => item.open !== 0 || item.bookedBase !== 0),
  ];
  const recent = recentRatesOf(read(recentRatesKey(businessId)));
  const currencies = [...new Set(items.map((item) => item.currency))].sort();
  const rates = new Map<string, Rate | undefined>(await Promise.all(currencies.map(async (currency) => [currency, await businessRateOn(businessId, recent, currency, asOf)] as const)));
  let totalGain = 0n;
  const rows = items.map((item) => {
    const rate = rates.get(item.currency);
    const currentBase = rate === undefined ? null : convertAccepted(item.open, item.currency, rate, homeCurrency);
    const gain = currentBase === null ? null : currentBase - item.bookedBase;
    if (gain !== null) totalGain += BigInt(gain);
    const home = (minor: number | null) => (minor === null ? null : toMajor(minor, homeCurrency));
    return { kind: item.kind, id: item.id, no: item.no, name: item.name, currency: item.currency, open_amount: toMajor(item.open, item.currency), booked_base: toMajor(item.bookedBase, homeCurrency), rate: rate === undefined ? null : rateNumber(rate), current_base: home(currentBase), gain: home(gain) };
  });
  return { as_of: asOf, base_currency: homeCurrency, items: rows, total_gain: exactMajor(totalGain, homeCurrency), missing_rates: currencies.filter((currency) => rates.get(currency) === undefined) };
}
