import { setLockDate } from '../../../shared/businesses/profile.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { businessRoutes } from './routes.ts';

export const handler = defineHandler(businessRoutes.lockDate, async ({ businessId, body, credential }) => ok('Lock date set', await setLockDate(businessId, body.lock_date, credential.scopes)));
