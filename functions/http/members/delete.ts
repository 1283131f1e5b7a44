import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { removeMember } from '../../../shared/members/members.ts';
import { membersRoutes } from './routes.ts';

export const handler = defineHandler(membersRoutes.delete, async ({ businessId, id }) => ok('Member removed', await removeMember(businessId, id)));
