/**
 * The cash domain's public entry: what other domains and their entry points use of it. A domain imports
 * another only through its index (design.md, "Dependencies point one way"; `test/platform/layers.test.ts`).
 */
export { recordMoney } from './cash.ts';
export { allCreditAllocations, allocateCredit, allocationDate, allocationsOfCredit, allocationsPageOfCredit, voidCreditAllocation } from './credit-allocations.ts';
export type { CreditAllocationRecord } from './credit-allocations.ts';
export { CashAccountSelect } from './pages/cash-account-select.tsx';
export { allocatedRows, allocationsOf, amountOf, describeRefusal } from './pages/money-form-rules.ts';
export { MONEY_PAGES } from './pages/money-pages.ts';
export { partyCreditSection } from './pages/party-credit.tsx';
export { creditBalanceOf } from './party-credit.ts';
export { moneyStore } from './records.ts';
export type { MoneyKind, MoneyRecord, RefundKind } from './records.ts';
export { Refund, RefundCreate, VendorRefund, VendorRefundCreate, recordRefund } from './refunds.ts';
export { MoneyDocument } from './schemas.ts';
