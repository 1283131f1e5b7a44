/**
 * The banking domain's public entry: what other domains and their entry points use of it. A domain imports
 * another only through its index (design.md, "Dependencies point one way"; `test/platform/layers.test.ts`).
 */
export { AMOUNT_INDEXES, expectedAmountIndexes } from './amount-index.ts';
export { lineAmountsAt } from './line-totals.ts';
export { lineStore, migrateLines, statusOf } from './lines.ts';
export { createRail, deleteRail, listRails } from './rails.ts';
export { bankTransactionStore, categorizedTaxOf } from './reconcile.ts';
export type { BankTransactionRecord } from './reconcile.ts';
export { BankLine, RailCreate, RailListQuery } from './schemas.ts';
export { transferStore } from './transfers.ts';
