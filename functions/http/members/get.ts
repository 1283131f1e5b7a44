import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { getMember } from '../../../shared/members/members.ts';
import { membersRoutes } from './routes.ts';

export const handler = defineHandler(membersRoutes.get, async ({ businessId, id }) => ok('Member', await getMember(businessId, id)));
