import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { listMembers } from '../../../shared/access/members/members.ts';
import { membersRoutes } from './routes.ts';

export const handler = defineHandler(membersRoutes.list, async ({ businessId, query }) => ok('Members', await listMembers(businessId, pageRequestOf(query))));
