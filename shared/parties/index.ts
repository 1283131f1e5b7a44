/**
 * The parties domain's public entry: what other domains and their entry points use of it. A domain imports
 * another only through its index (design.md, "Dependencies point one way"; `test/platform/layers.test.ts`).
 */
export { findPartyByIdentity } from './identities.ts';
export { PARTY_CHOICES, partyChoices } from './pages/party-choices.ts';
export type { PartyChoice } from './pages/party-choices.ts';
export { parties } from './parties.ts';
export type { PartyKind } from './parties.ts';
export { Party } from './schemas.ts';
export type { CreditBalance, PartyRecord } from './schemas.ts';
