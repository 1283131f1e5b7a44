import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { getMember } from '../../../shared/access/members/members.ts';
import { membersRoutes } from './routes.ts';

export const handler = defineHandler(membersRoutes.get, async ({ businessId, id }) => ok('Member', await getMember(businessId, id)));
