import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { changeMemberRole } from '../../../shared/access/members/members.ts';
import { membersRoutes } from './routes.ts';

export const handler = defineHandler(membersRoutes.update, async ({ businessId, id, body }) => ok('Member updated', await changeMemberRole(businessId, id, body.role)));
