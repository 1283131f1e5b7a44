import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { getAttachment } from '../../../shared/attachments/attachments.ts';
import { attachmentsRoutes } from './routes.ts';

export const handler = defineHandler(attachmentsRoutes.get, async ({ businessId, credential, id }) => ok('Attachment', await getAttachment(businessId, credential.scopes, id)));
