/**
 * The reports domain's public entry: what other domains and their entry points use of it. A domain imports
 * another only through its index (design.md, "Dependencies point one way"; `test/platform/layers.test.ts`).
 */
export { agedReport } from './aged-reports.ts';
export { generalLedgerReport } from './general-ledger.ts';
export { balanceSheetReport, profitAndLossReport, trialBalance } from './reports.ts';
export { StatementMail } from './statement-schemas.ts';
export { unrealizedFxReport } from './unrealized-fx.ts';
