import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { removeMember } from '../../../shared/access/members/members.ts';
import { membersRoutes } from './routes.ts';

export const handler = defineHandler(membersRoutes.delete, async ({ businessId, id }) => ok('Member removed', await removeMember(businessId, id)));
