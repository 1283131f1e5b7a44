import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { localMailbox, mailboxEntries, mailboxIdOf, mailboxMessage } from '../../shared/platform/mail/local-mailbox.ts';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});
const mailDir = () => {
  const directory = mkdtempSync(join(tmpdir(), 'mailbox-'));
  directories.push(directory);
  return join(directory, 'mail');
};

const mail = (businessId: string, unique: string, kind: 'invoice' | 'invitation' = 'invoice') => ({
  businessId,
  kind,
  from: 'invoices@books.example',
  to: ['ada@example.com'],
  cc: ['boss@example.com'],
  messageId: `${unique}@books.example`,
  subject: `Invoice for ${businessId}`,
  raw: Buffer.from(`Message-ID: <${unique}@books.example>\r\nSubject: Invoice for ${businessId}\r\n\r\nHello\r\n`),
});

const owner = (businessId: string) => ({ businessId, seesInvitations: true });
const accountant = (businessId: string) => ({ businessId, seesInvitations: false });

describe('the local mailbox', () => {
  it('writes each message as its .eml, once per Message-ID, and lists each business its own, newest first', async () => {
    const dir = mailDir();
    const box = localMailbox(dir, undefined);
    await box.send(mail('b1', '11111111-1111-4111-8111-111111111111'));
    await new Promise((resolve) => setTimeout(resolve, 15));
    await box.send(mail('b2', '22222222-2222-4222-8222-222222222222'));
    await new Promise((resolve) => setTimeout(resolve, 15));
    await box.send(mail('b1', '33333333-3333-4333-8333-333333333333'));
    // A send attempted again writes over its own file.
    await box.send(mail('b1', '33333333-3333-4333-8333-333333333333'));
    expect(readdirSync(dir).filter((name) => name.endsWith('.eml'))).toHaveLength(3);
    expect(readFileSync(join(dir, '11111111-1111-4111-8111-111111111111_books.example.eml'), 'utf8')).toContain('Message-ID: <11111111-1111-4111-8111-111111111111@books.example>');

    const listed = mailboxEntries(dir, owner('b1'));
    expect(listed.map(mailboxIdOf)).toEqual(['33333333-3333-4333-8333-333333333333', '11111111-1111-4111-8111-111111111111']);
    expect(listed[0]).toMatchObject({ to: ['ada@example.com'], cc: ['boss@example.com'], subject: 'Invoice for b1', business_id: 'b1' });
    expect(mailboxEntries(dir, owner('b2')).map(mailboxIdOf)).toEqual(['22222222-2222-4222-8222-222222222222']);
    expect(mailboxEntries(dir, owner('b3'))).toEqual([]);

    expect(mailboxMessage(dir, owner('b1'), '11111111-1111-4111-8111-111111111111')?.raw.toString()).toContain('Hello');
    expect(mailboxMessage(dir, owner('b1'), '22222222-2222-4222-8222-222222222222')).toBeUndefined();
    expect(mailboxMessage(dir, owner('b1'), '../../etc/passwd')).toBeUndefined();
  });

  it('lists invitations, whose link signs in as a member, to owners only; an entry of unknown kind counts as one', async () => {
    const dir = mailDir();
    const box = localMailbox(dir, undefined);
    await box.send(mail('b1', '44444444-4444-4444-8444-444444444444'));
    await box.send(mail('b1', '55555555-5555-4555-8555-555555555555', 'invitation'));
    expect(mailboxEntries(dir, owner('b1')).map(mailboxIdOf).sort()).toEqual(['44444444-4444-4444-8444-444444444444', '55555555-5555-4555-8555-555555555555']);
    expect(mailboxEntries(dir, accountant('b1')).map(mailboxIdOf)).toEqual(['44444444-4444-4444-8444-444444444444']);
    expect(mailboxMessage(dir, accountant('b1'), '55555555-5555-4555-8555-555555555555')).toBeUndefined();
    expect(mailboxMessage(dir, owner('b1'), '55555555-5555-4555-8555-555555555555')).toBeDefined();
    // An entry written before kinds were kept.
    const written = join(dir, '44444444-4444-4444-8444-444444444444_books.example.json');
    const { kind: _kind, ...old } = JSON.parse(readFileSync(written, 'utf8')) as Record<string, unknown>;
    writeFileSync(written, JSON.stringify(old));
    expect(mailboxEntries(dir, accountant('b1'))).toEqual([]);
  });

  it('an empty or missing mailbox lists nothing', () => {
    expect(mailboxEntries(join(tmpdir(), 'no-such-mailbox-here'), owner('b1'))).toEqual([]);
  });

  it('with SMTP_URL, sends the raw message through that server to every recipient, to and cc', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((to) => to.address), data: Buffer.concat(chunks).toString() });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.server.address() as AddressInfo).port;
      const dir = mailDir();
      await localMailbox(dir, `smtp://127.0.0.1:${port}`).send(mail('b1', '44444444-4444-4444-8444-444444444444'));
      expect(received).toEqual([{ from: 'invoices@books.example', to: ['ada@example.com', 'boss@example.com'], data: expect.stringContaining('Message-ID: <44444444-4444-4444-8444-444444444444@books.example>') }]);
      expect(mailboxEntries(dir, owner('b1'))).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
