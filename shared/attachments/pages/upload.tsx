/**
 * The page of a file being attached from the dashboard: the form that sends it straight to the store (a plain file
 * input, no script), then, back from the store, that it is being checked, or why it was not attached.
 */
import { Hidden, renderDocument } from '../../platform/web/layout.tsx';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { ActionButton } from '../../platform/web/parts.tsx';
import { OPEN_UPLOAD_KINDS, type OpenUploadView } from '../open-uploads.ts';

const recordWords = (view: OpenUploadView) => view.kind.type.replaceAll('_', ' ');

/** The button on a record's page that opens an upload of one file to it. */
export function AttachFileButton(props: { viewer: Viewer; recordType: string; recordId: string }) {
  return <ActionButton action="/dashboard/attachments" viewer={props.viewer} label="Attach a file" fields={{ record_type: props.recordType, record_id: props.recordId }} />;
}

export function uploadPage(props: { viewer: Viewer; view: OpenUploadView; arrived: boolean; pagePath: string }): string {
  const { viewer, view } = props;
  const { upload, form } = view;
  const back = <a href={upload.back}>Back to the {recordWords(view)}</a>;
  return renderDocument(
    <Frame viewer={viewer} title={`Attach a file to the ${recordWords(view)}`}>
      <div class="card">
        {upload.status === 'rejected' ? (
          <>
            <p role="alert">Not attached: {upload.reason}</p>
            <AttachFileButton viewer={viewer} recordType={upload.record_type} recordId={upload.record_id} /> {back}
          </>
        ) : props.arrived ? (
          <>
            <p>The file arrived and is being checked; this takes a few seconds.</p>
            <p>
              <a href={`${props.pagePath}?arrived=1`}>Check again</a> · {back}
            </p>
          </>
        ) : form ? (
          <form method="post" action={form.url} enctype="multipart/form-data">
            {Object.entries(form.fields).map(([name, value]) => (
              <Hidden name={name} value={value} />
            ))}
            <p>
              <label for="file">File</label> <input id="file" type="file" name="file" required aria-describedby="file-kinds" />
            </p>
            <p id="file-kinds" class="hint">
              {`Up to ${OPEN_UPLOAD_KINDS.maxBytes / 1024 / 1024} MB: ${OPEN_UPLOAD_KINDS.text}. It is checked as it arrives; this form is good for 15 minutes.`}
            </p>
            <button type="submit">Upload</button> {back}
          </form>
        ) : null}
      </div>
    </Frame>,
  );
}
