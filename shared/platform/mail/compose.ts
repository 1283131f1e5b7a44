import MailComposer from 'nodemailer/lib/mail-composer';
import { neutralized, withoutBidiControls } from '../core/bidi.ts';

/** A file a message carries. */
export interface Attachment {
  readonly filename: string;
  readonly content: Buffer;
  readonly contentType: string;
}

export interface MessageParts {
  /** The sender's address, with the business's name shown beside it when it has one. */
  readonly from: string | { readonly name: string; readonly address: string };
  readonly to: readonly string[];
  readonly cc: readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** Without angle brackets: the same on every attempt of one send, so a receiver can tell a repeat. */
  readonly messageId: string;
  readonly date: Date;
  readonly attachments: readonly Attachment[];
}

/**
 * The RFC 5322 message, built by nodemailer's composer (headers encoded, lines folded, the PDF in base64 in a
 * multipart/mixed beside a text and HTML alternative): what SES sends as raw content and the local runtime writes as
 * an `.eml` file.
 */
export async function composeMessage(message: MessageParts): Promise<Buffer> {
  // Names, subjects and words come from businesses and their callers: no bidi control reorders what a reader sees.
  const parts = { ...message, from: neutralized(message.from), subject: withoutBidiControls(message.subject), text: withoutBidiControls(message.text), html: withoutBidiControls(message.html) };
  const composer = new MailComposer({
    from: typeof parts.from === 'string' ? parts.from : { ...parts.from },
    to: [...parts.to],
    cc: [...parts.cc],
    subject: parts.subject,
    text: parts.text,
    html: parts.html,
    messageId: `<${parts.messageId}>`,
    date: parts.date,
    attachments: parts.attachments.map((attachment) => ({ ...attachment })),
  });
  return composer.compile().build();
}
