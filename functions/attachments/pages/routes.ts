import { defineRoutes } from '../../../shared/platform/http/route.ts';

const page = (entry: string) => `functions/attachments/pages/${entry}.ts`;

/**
 * A record's files from its dashboard page. The rows hold no scope: like the API's, each use case asks for the scope
 * of the record's feature, which the row cannot know before it reads the attachment (or the upload).
 */
export const attachmentsPageRoutes = defineRoutes({
  download: { id: 'dashboard.attachmentDownload', method: 'GET', path: '/dashboard/attachments/{id}/download', entry: page('download'), auth: 'browser', scope: null, needs: { attachments: 'read' } },
  delete: { id: 'dashboard.attachmentDelete', method: 'POST', path: '/dashboard/attachments/{id}/delete', entry: page('delete'), auth: 'browser', scope: null, needs: { attachments: 'delete' } },
  openUpload: { id: 'dashboard.openUpload', method: 'POST', path: '/dashboard/attachments', entry: page('open-upload'), auth: 'browser', scope: null },
  upload: { id: 'dashboard.upload', method: 'GET', path: '/dashboard/uploads/{id}', entry: page('upload'), auth: 'browser', scope: null, needs: { attachments: 'upload' } },
});
