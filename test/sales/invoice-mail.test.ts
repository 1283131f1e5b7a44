import { SESv2Client } from '@aws-sdk/client-sesv2';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../../shared/platform/core/errors.ts';
import { defaultSubject, mailHtml, mailRecipients, mailText, type InvoiceMailFacts } from '../../shared/sales/invoice-mail-rules.ts';
import { messageIdFor } from '../../shared/platform/mail/sending.ts';
import { composeMessage } from '../../shared/platform/mail/compose.ts';
import { sesTransport } from '../../shared/platform/mail/transport.ts';

const problemOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleViolation) return error.problems;
    throw error;
  }
  return undefined;
};

describe('the recipients of a send', () => {
  it("go to the customer's address when none is given, and to the given ones otherwise", () => {
    expect(mailRecipients({}, 'ada@example.com')).toEqual({ to: ['ada@example.com'], cc: [] });
    expect(mailRecipients({ to: [] }, 'ada@example.com')).toEqual({ to: ['ada@example.com'], cc: [] });
    expect(mailRecipients({ to: ['books@example.org'] }, 'ada@example.com')).toEqual({ to: ['books@example.org'], cc: [] });
  });

  it('name each address once, whatever its case, the first spelling kept; cc loses what to has', () => {
    expect(mailRecipients({ to: ['A@example.com', 'a@EXAMPLE.com', 'b@example.com'], cc: ['B@example.com', 'c@example.com', 'C@example.com'] }, null)).toEqual({ to: ['A@example.com', 'b@example.com'], cc: ['c@example.com'] });
  });

  it('without any to, or past 50 together, are refused naming the field', () => {
    expect(problemOf(() => mailRecipients({}, null))).toEqual([{ field: 'to', message: expect.stringContaining('no e-mail address') }]);
    const many = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}${index}@example.com`);
    expect(problemOf(() => mailRecipients({ to: many('t', 50) }, null))).toBeUndefined();
    expect(problemOf(() => mailRecipients({ to: many('t', 51) }, null))?.[0]?.field).toBe('to');
    expect(problemOf(() => mailRecipients({ to: many('t', 40), cc: many('c', 11) }, null))?.[0]?.field).toBe('cc');
    // Repeats are dropped before counting.
    expect(problemOf(() => mailRecipients({ to: many('t', 40), cc: [...many('t', 40), ...many('c', 10)] }, null))).toBeUndefined();
  });
});

const facts: InvoiceMailFacts = { businessName: 'Lovelace <Analytics>', customerName: 'Ada & Co', no: 'INV-00007', total: 'EUR 1,200.00', balanceDue: 'EUR 700.00', dueDate: '2026-12-05', link: 'https://books.example/i/abc_DEF-123', message: null };

describe('the words of an invoice e-mail', () => {
  it('say whom it is from, what is due by when and where to see it', () => {
    expect(defaultSubject(facts)).toBe('Invoice INV-00007 from Lovelace <Analytics>');
    expect(mailText(facts)).toBe(['Dear Ada & Co,', '', 'Please find invoice INV-00007 attached, for EUR 1,200.00.', '', 'EUR 700.00 is due by 2026-12-05.', 'View and download it online: https://books.example/i/abc_DEF-123', '', 'Lovelace <Analytics>', ''].join('\n'));
    expect(mailText({ ...facts, customerName: null, dueDate: null, message: 'Thanks!\nSee you.' })).toBe(['Hello,', '', 'Thanks!\nSee you.', '', 'EUR 700.00 is due.', 'View and download it online: https://books.example/i/abc_DEF-123', '', 'Lovelace <Analytics>', ''].join('\n'));
  });

  it('in HTML, escape every stored field and make the link a link', () => {
    const html = mailHtml({ ...facts, message: '<script>alert(1)</script>' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Dear Ada &amp; Co,');
    expect(html).toContain('<a href="https://books.example/i/abc_DEF-123">https://books.example/i/abc_DEF-123</a>');
  });

  it('keep one Message-ID in the sender\'s domain', () => {
    expect(messageIdFor('1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed', 'invoices@books.example.com')).toBe('1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed@books.example.com');
  });
});

const message = () =>
  composeMessage({
    from: { name: 'Ελληνική Λογιστική', address: 'invoices@books.example.com' },
    to: ['ada@example.com'],
    cc: ['boss@example.com'],
    subject: 'Τιμολόγιο INV-00007',
    text: mailText(facts),
    html: mailHtml(facts),
    messageId: 'abc-123@books.example.com',
    date: new Date('2026-11-24T10:00:00Z'),
    attachments: [{ filename: 'INV-00007.pdf', content: Buffer.from('%PDF-1.7 test'), contentType: 'application/pdf' }],
  });

describe('the composed message', () => {
  it('parses back: headers encoded and decoded, text and HTML, the PDF attached byte for byte', async () => {
    const raw = await message();
    expect(raw.toString('latin1')).toMatch(/^Message-ID: <abc-123@books\.example\.com>\r$/m);
    const parsed = await simpleParser(raw);
    expect(parsed.messageId).toBe('<abc-123@books.example.com>');
    expect(parsed.subject).toBe('Τιμολόγιο INV-00007');
    expect(parsed.from?.value).toEqual([{ name: 'Ελληνική Λογιστική', address: 'invoices@books.example.com' }]);
    expect(parsed.date?.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(parsed.text).toContain('EUR 700.00 is due by 2026-12-05.');
    expect(parsed.html).toContain('<a href="https://books.example/i/abc_DEF-123">');
    expect(parsed.attachments.map((attachment) => [attachment.filename, attachment.contentType, attachment.content.toString()])).toEqual([['INV-00007.pdf', 'application/pdf', '%PDF-1.7 test']]);
    // Plain ASCII on the wire, whatever the script of the words (RFC 5322).
    expect([...raw].every((byte) => byte < 128)).toBe(true);
  });
});

describe('the SES transport', () => {
  it('hands SES v2 exactly the sender, the recipients and the raw message', async () => {
    const client = new SESv2Client({ region: 'eu-west-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
    const sent: { name: string; input: unknown }[] = [];
    // Stops the request at the SDK's first step, before any signing or network: the command as the function built it.
    client.middlewareStack.add(
      (_next, context) => async (args) => {
        sent.push({ name: String(context.commandName), input: args.input });
        return { output: { $metadata: {}, MessageId: 'ses-1' }, response: {} };
      },
      { step: 'initialize', name: 'captureSendEmail' },
    );
    const raw = await message();
    await sesTransport(client).send({ businessId: 'b1', kind: 'invoice', from: 'invoices@books.example.com', to: ['ada@example.com'], cc: ['boss@example.com'], messageId: 'abc-123@books.example.com', subject: 'Τιμολόγιο INV-00007', raw });
    await sesTransport(client).send({ businessId: 'b1', kind: 'invoice', from: 'invoices@books.example.com', to: ['ada@example.com'], cc: [], messageId: 'abc-124@books.example.com', subject: 'x', raw });
    expect(sent).toEqual([
      { name: 'SendEmailCommand', input: { FromEmailAddress: 'invoices@books.example.com', Destination: { ToAddresses: ['ada@example.com'], CcAddresses: ['boss@example.com'] }, Content: { Raw: { Data: raw } } } },
      { name: 'SendEmailCommand', input: { FromEmailAddress: 'invoices@books.example.com', Destination: { ToAddresses: ['ada@example.com'] }, Content: { Raw: { Data: raw } } } },
    ]);
  });
});
