import { defineHandler } from '../../../shared/access/index.ts';
import { created } from '../../../shared/platform/http/responses.ts';
import { createAttachment } from '../../../shared/attachments/attachments.ts';
import { attachmentsRoutes } from './routes.ts';

export const handler = defineHandler(attachmentsRoutes.create, async ({ businessId, credential, body }) => created('Attachment created: upload the file with the form', await createAttachment(businessId, credential.scopes, body)));
