import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { created } from '../../../shared/platform/http/responses.ts';
import { inviteMember } from '../../../shared/access/members/members.ts';
import { membersRoutes } from './routes.ts';

// Through the API nobody signs the invitation by name: it says the business invites.
export const handler = defineHandler(membersRoutes.create, async ({ businessId, body }) => created('Invitation sent', await inviteMember(businessId, body, { userId: null, name: null })));
