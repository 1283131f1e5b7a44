import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { MailTransport, OutgoingMail } from './transport.ts';

/** What the outbox page lists of one written message, kept beside its `.eml` so the page parses no MIME. */
export interface MailboxEntry {
  readonly file: string;
  readonly business_id: string;
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
      writeFileSync(join(dir, `${name}.eml`), mail.raw);
      const entry: MailboxEntry = { file: `${name}.eml`, business_id: mail.businessId, message_id: mail.messageId, from: mail.from, to: mail.to, cc: mail.cc, subject: mail.subject, written_at: new Date().toISOString() };
      writeFileSync(join(dir, `${name}.json`), JSON.stringify(entry));
    },
  };
}

/** Every entry of one business in the mailbox, newest first. */
function entriesOf(dir: string, businessId: string): MailboxEntry[] {
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
    .filter((entry) => entry.business_id === businessId);
}

/** The newest `limit` messages of one business in the mailbox, newest first. */
export function mailboxEntries(dir: string, businessId: string, limit = 100): MailboxEntry[] {
  return entriesOf(dir, businessId).slice(0, limit);
}

/** The id a message is downloaded by: the unique part of its Message-ID (a UUID, as the service makes them). */
export const mailboxIdOf = (entry: MailboxEntry) => entry.message_id.slice(0, entry.message_id.indexOf('@'));

/** One message of a business, by its id (`mailboxIdOf`): nothing of another business, nothing outside the mailbox. */
export function mailboxMessage(dir: string, businessId: string, id: string): { readonly entry: MailboxEntry; readonly raw: Buffer } | undefined {
  const entry = entriesOf(dir, businessId).find((candidate) => mailboxIdOf(candidate) === id);
  return entry ? { entry, raw: readFileSync(join(dir, entry.file)) } : undefined;
}
