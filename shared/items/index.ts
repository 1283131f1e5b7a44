/**
 * The items domain's public entry: what other domains and their entry points use of it. A domain imports
 * another only through its index (design.md, "Dependencies point one way"; `test/platform/layers.test.ts`).
 */
export { itemStore } from './items.ts';
export { accountListPage } from './pages/catalogue.tsx';
