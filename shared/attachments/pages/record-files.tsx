/** The files on a record's dashboard page: each one's name (a download), type, size and state, and its delete button. */
import type { Id } from '../../platform/core/ids.ts';
import type { Viewer } from '../../platform/web/viewer.ts';
import { ActionButton, Table } from '../../platform/web/parts.tsx';
import { filesOfRecord, type AttachmentResource } from '../attachments.ts';
import { kindOfType, readScopeOf, writeScopeOf } from '../attachable.ts';
import { MAX_ATTACHMENTS_PER_RECORD } from '../file-kinds.ts';
import { AttachFileButton } from './upload.tsx';

export interface RecordFilesView {
  readonly recordType: string;
  readonly recordId: Id;
  readonly files: readonly AttachmentResource[];
  /** Whether the viewer may attach files to this record and take them off (its feature's update scope). */
  readonly deletable: boolean;
}

/** The files of a record of this type, for a viewer who may read them (its feature's read scope); undefined otherwise. */
export async function recordFilesFor(viewer: Viewer, recordType: string, recordId: Id): Promise<RecordFilesView | undefined> {
  const kind = kindOfType(recordType);
  if (!kind || !viewer.scopes.has(readScopeOf(kind))) return undefined;
  return { recordType: kind.type, recordId, files: await filesOfRecord(viewer.business.id, kind, recordId), deletable: viewer.scopes.has(writeScopeOf(kind)) };
}

const sizeText = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

export function RecordFiles(props: { viewer: Viewer; view: RecordFilesView }) {
  const { files, deletable } = props.view;
  return (
    <section aria-labelledby="files">
      <h2 id="files">Files</h2>
      <Table caption="Files" rows={files.length} empty="No files attached." head={['File', 'Type', { label: 'Size', num: true }, 'State', ...(deletable ? ['Delete'] : [])]}>
        {files.map((file) => (
          <tr>
            <td>{file.status === 'available' ? <a href={`/dashboard/attachments/${file.id}/download`}>{file.file_name}</a> : file.file_name}</td>
            <td>{file.content_type}</td>
            <td class="num">{sizeText(file.size)}</td>
            <td>{file.status === 'available' ? 'Available' : 'Being checked'}</td>
            {deletable ? (
              <td>
                <ActionButton action={`/dashboard/attachments/${file.id}/delete`} viewer={props.viewer} label={`Delete ${file.file_name}`} danger />
              </td>
            ) : null}
          </tr>
        ))}
      </Table>
      {deletable && files.length < MAX_ATTACHMENTS_PER_RECORD ? <AttachFileButton viewer={props.viewer} recordType={props.view.recordType} recordId={props.view.recordId} /> : null}
    </section>
  );
}
