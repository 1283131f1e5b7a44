import { mailboxIdOf, type MailboxEntry } from '../../platform/mail/local-mailbox.ts';
import { renderDocument } from '../../platform/web/layout.tsx';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { Table } from '../../platform/web/parts.tsx';

/** The local runtime's outbox: the business's e-mails written as `.eml` files, newest first, each downloadable. */
export function outboxPage(view: { viewer: Viewer; entries: readonly MailboxEntry[]; directory: string }): string {
  return renderDocument(
    <Frame viewer={view.viewer} title="Outbox">
      <p class="muted">
        The e-mails this local runtime wrote to <code>{view.directory}</code> instead of sending them (with <code>SMTP_URL</code> set, they went through that server too). On
        AWS they leave through Amazon SES.
      </p>
      <Table caption="E-mails written" rows={view.entries.length} empty="No e-mail written yet." head={['Written', 'To', 'Cc', 'Subject', 'Message']}>
        {view.entries.map((entry) => (
          <tr>
            <td>{entry.written_at.replace('T', ' ').slice(0, 19)}</td>
            <td>{entry.to.join(', ')}</td>
            <td>{entry.cc.length > 0 ? entry.cc.join(', ') : '—'}</td>
            <td>{entry.subject}</td>
            <td>
              <a href={`/dashboard/outbox/${mailboxIdOf(entry)}`} download={entry.file} aria-label={`Download ${entry.subject} as .eml`}>
                {entry.file}
              </a>
            </td>
          </tr>
        ))}
      </Table>
    </Frame>,
  );
}
