import { defineRoutes } from '../../../shared/platform/http/route.ts';
import { ATTACHABLE_COLLECTIONS } from '../../../shared/attachments/attachable.ts';
import { Attachment, AttachmentCreate, AttachmentDownload, AttachmentList, AttachmentUpload } from '../../../shared/attachments/schemas.ts';

const entry = (name: string) => `functions/attachments/attachments/${name}.ts`;
const SCOPE_BY_RECORD = "The scope is the record's: its feature's update scope (create, for money) to attach or delete, its read scope to list or download; 403 names it.";

/**
 * Files on records, as evidence (api.md, "Attachments and tracking categories"): the upload goes straight to the
 * bucket by a presigned form, never through a function. The rows hold no scope of their own: each use case asks
 * for the scope of the record's feature, which the route cannot know before it reads the body or the attachment.
 */
export const attachmentsRoutes = defineRoutes({
  create: { id: 'attachments.create', method: 'POST', path: '/api/v1/attachments', entry: entry('create'), auth: 'bearer', scope: null, needs: { attachments: 'upload' }, contract: { summary: `Attach a file to a record: answers the attachment, pending, and the form that uploads the file straight to storage (15 minutes, this type and exact size only). ${SCOPE_BY_RECORD}`, tag: 'Attachments', body: AttachmentCreate, response: AttachmentUpload, status: 201, otherStatuses: { 404: 'No such record in this business.', 409: 'The record carries 50 files already, or the business its quota.' } } },
  list: { id: 'attachments.list', method: 'GET', path: '/api/v1/{collection}/{id}/attachments', entry: entry('list'), auth: 'bearer', scope: null, contract: { summary: `A record's files, pending and available, oldest first (collection as in its own path: invoices, receipts, journals, bank-lines, customers, …). ${SCOPE_BY_RECORD}`, tag: 'Attachments', response: AttachmentList, pathValues: { collection: ATTACHABLE_COLLECTIONS }, otherStatuses: { 404: 'No such collection, or no record of that id in this business.' } } },
  get: { id: 'attachments.get', method: 'GET', path: '/api/v1/attachments/{id}', entry: entry('get'), auth: 'bearer', scope: null, needs: { attachments: 'read' }, contract: { summary: `An attachment and, once available, a download link valid five minutes. ${SCOPE_BY_RECORD}`, tag: 'Attachments', response: AttachmentDownload } },
  delete: { id: 'attachments.delete', method: 'DELETE', path: '/api/v1/attachments/{id}', entry: entry('delete'), auth: 'bearer', scope: null, needs: { attachments: 'delete' }, contract: { summary: `Take a file off its record and delete it. ${SCOPE_BY_RECORD}`, tag: 'Attachments', response: Attachment } },
});
