import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { MailKind, MailTransport, OutgoingMail } from './transport.ts';

/** What the outbox page lists of one written message, kept beside its `.eml` so the page parses no MIME. */
export interface MailboxEntry {
  readonly file: string;
  readonly business_id: string;
  /** Absent in entries written before kinds were kept: those are read as invitations, shown to owners only. */
  readonly kind?: MailKind;
  readonly message_id: string;
  readonly from: string;
  readonly to: readonly string[];
  readonly cc: readonly string[];
  readonly subject: string;
  readonly written_at: string;
}

/** One file name per Message-ID: a send attempted again overwrites its own file rather than listing twice. */
const fileNameOf = (messageId: string) => messageId.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * Writes a file under a temporary name, then renames it into place: a reader in another process (the tests read
 * the runtime's mail from theirs) sees no file or the whole file, never a file half written.
 */
function writeWhole(path: string, content: string | Uint8Array): void {
  writeFileSync(`${path}.part`, content);
  renameSync(`${path}.part`, path);
}

/**
 * The local runtime's mail: each message written as an RFC 5322 `.eml` file under `dir` (api.md: `<DATA_DIR>/mail`),
 * and, when `smtpUrl` is set, sent through that server as well (nodemailer's SMTP transport, the raw message as is).
 */
export function localMailbox(dir: string, smtpUrl: string | undefined): MailTransport {
  mkdirSync(dir, { recursive: true });
  const smtp = smtpUrl ? createTransport(smtpUrl) : undefined;
  return {
    async send(mail: OutgoingMail) {
      const name = fileNameOf(mail.messageId);
      if (smtp) await smtp.sendMail({ envelope: { from: mail.from, to: [...mail.to, ...mail.cc] }, raw: mail.raw });
      const entry: MailboxEntry = { file: `${name}.eml`, business_id: mail.businessId, kind: mail.kind, message_id: mail.messageId, from: mail.from, to: mail.to, cc: mail.cc, subject: mail.subject, written_at: new Date().toISOString() };
      writeWhole(join(dir, `${name}.eml`), mail.raw);
      writeWhole(join(dir, `${name}.json`), JSON.stringify(entry));
    },
  };
}

/**
 * Who reads the mailbox: an invitation's link joins the business as its role (an owner's makes an owner), so
 * invitations are listed to those who may invite (owners) and to nobody else.
 */
export interface MailboxReader {
  readonly businessId: string;
  readonly seesInvitations: boolean;
}

const visibleTo = (reader: MailboxReader) => (entry: MailboxEntry) => entry.business_id === reader.businessId && (reader.seesInvitations || (entry.kind ?? 'invitation') !== 'invitation');

/** Every entry the reader may see in the mailbox, newest first. */
function entriesOf(dir: string, reader: MailboxReader): MailboxEntry[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names
    .map((name) => ({ name, at: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at)
    .map(({ name }) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as MailboxEntry)
    .filter(visibleTo(reader));
}

/** The newest `limit` messages the reader may see, newest first. */
export function mailboxEntries(dir: string, reader: MailboxReader, limit = 100): MailboxEntry[] {
  return entriesOf(dir, reader).slice(0, limit);
}

/** The id a message is downloaded by: the unique part of its Message-ID (a UUID, as the service makes them). */
export const mailboxIdOf = (entry: MailboxEntry) => entry.message_id.slice(0, entry.message_id.indexOf('@'));

/** One message the reader may see, by its id (`mailboxIdOf`): nothing of another business, nothing outside the mailbox. */
export function mailboxMessage(dir: string, reader: MailboxReader, id: string): { readonly entry: MailboxEntry; readonly raw: Buffer } | undefined {
  const entry = entriesOf(dir, reader).find((candidate) => mailboxIdOf(candidate) === id);
  return entry ? { entry, raw: readFileSync(join(dir, entry.file)) } : undefined;
}
