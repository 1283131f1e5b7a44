/**
 * The access domain's public entry: what other domains and their entry points use of it. A domain imports
 * another only through its index (design.md, "Dependencies point one way"; `test/platform/layers.test.ts`).
 */
export { getBusiness } from './businesses/businesses.ts';
export { fiscalYearStartMonth, getBusinessProfile } from './businesses/profile.ts';
export { LockDateChange } from './businesses/schemas.ts';
export type { BusinessProfileResource } from './businesses/schemas.ts';
export { dashboardBack, defineDashboardPage, filledQueryOf } from './http/define-dashboard.ts';
export { defineHandler } from './http/define-handler.ts';
export { definePageHandler } from './http/define-page.ts';
export { editRecordHandler, newRecordHandler, saveRecordHandler } from './http/record-pages.ts';
export type { CreatePages, RecordPages } from './http/record-pages.ts';
export type { Credential } from './keys/credential.ts';
export { Member } from './members/schemas.ts';
export { constantTimeEqual } from './oauth/secrets.ts';
