import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { deleteAttachment } from '../../../shared/attachments/attachments.ts';
import { attachmentsRoutes } from './routes.ts';

export const handler = defineHandler(attachmentsRoutes.delete, async ({ businessId, credential, id }) => ok('Attachment deleted', await deleteAttachment(businessId, credential.scopes, id)));
