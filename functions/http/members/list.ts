import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { listMembers } from '../../../shared/members/members.ts';
import { membersRoutes } from './routes.ts';

export const handler = defineHandler(membersRoutes.list, async ({ businessId, query }) => ok('Members', await listMembers(businessId, pageRequestOf(query))));
