import { getBusinessProfile, setLockDate, updateBusinessProfile } from '../../../shared/access/businesses/profile.ts';
import { BusinessPatch, LockDatePut } from '../../../shared/access/businesses/schemas.ts';
import { BUSINESS_FIELDS } from '../../../shared/access/pages/settings-fields.ts';
import { LOCK_DATE_FIELDS } from '../../../shared/ledger/index.ts';
import type { SettingsForm } from './settings-form.ts';

export const businessForm: SettingsForm<typeof BusinessPatch> = {
  title: 'Business profile',
  intro: 'What invoices show of the business, the currency its books are kept in, and when its financial year starts.',
  path: '/dashboard/settings/business',
  fields: BUSINESS_FIELDS,
  schema: BusinessPatch,
  load: (viewer) => getBusinessProfile(viewer.business.id),
  save: (viewer, body) => updateBusinessProfile(viewer.business.id, body),
  notice: 'business_saved',
};

/** Moving the lock date later is the accountant's; earlier or clearing it, the owner's (the use case decides, as for the API). */
export const lockDateForm: SettingsForm<typeof LockDatePut> = {
  title: 'Lock date',
  intro: 'Nothing is posted or reversed on or before the lock date. An accountant may move it later; moving it earlier or clearing it takes an owner.',
  path: '/dashboard/settings/lock-date',
  fields: LOCK_DATE_FIELDS,
  schema: LockDatePut,
  bodyOf: (typed) => ({ lock_date: typed.lock_date?.trim() || null }),
  load: (viewer) => getBusinessProfile(viewer.business.id),
  save: (viewer, body) => setLockDate(viewer.business.id, body.lock_date, viewer.scopes),
  notice: 'lock_date_saved',
};
