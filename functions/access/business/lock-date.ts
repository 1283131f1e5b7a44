import { setLockDate } from '../../../shared/access/businesses/profile.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { businessRoutes } from './routes.ts';

export const handler = defineHandler(businessRoutes.lockDate, async ({ businessId, body, credential }) => ok('Lock date set', await setLockDate(businessId, body.lock_date, credential.scopes)));
