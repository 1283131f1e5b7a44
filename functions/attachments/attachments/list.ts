import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { listAttachments } from '../../../shared/attachments/attachments.ts';
import { attachmentsRoutes } from './routes.ts';

export const handler = defineHandler(attachmentsRoutes.list, async ({ businessId, credential, id, event }) => ok('Attachments', await listAttachments(businessId, credential.scopes, event.pathParameters?.collection ?? '', id)));
