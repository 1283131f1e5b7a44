import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { changeMemberRole } from '../../../shared/members/members.ts';
import { membersRoutes } from './routes.ts';

export const handler = defineHandler(membersRoutes.update, async ({ businessId, id, body }) => ok('Member updated', await changeMemberRole(businessId, id, body.role)));
