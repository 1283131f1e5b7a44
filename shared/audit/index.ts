/**
 * The audit domain's public entry: what other domains and their entry points use of it. A domain imports
 * another only through its index (design.md, "Dependencies point one way"; `test/platform/layers.test.ts`).
 */
export { RecordHistory } from './pages/audit-log.tsx';
export { recordHistoryFor } from './record-history.ts';
export type { RecordHistoryView } from './record-history.ts';
