import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config } from '../config.ts';
import { traced } from '../observability/telemetry.ts';

export type MailKind = 'invoice' | 'invitation' | 'statement';

/** A composed message on its way out, with its envelope. */
export interface OutgoingMail {
  /** Whose mail it is: the local outbox lists each business's own only. */
  readonly businessId: string;
  /** What the message is: an invitation carries a link that signs in as a member, so only owners may see one. */
  readonly kind: MailKind;
  readonly from: string;
  readonly to: readonly string[];
  readonly cc: readonly string[];
  readonly messageId: string;
  /** As the message says it (for the local outbox's list; the raw message carries it encoded). */
  readonly subject: string;
  readonly raw: Buffer;
}

/** Where e-mail leaves the service: Amazon SES on AWS; `.eml` files (and SMTP when set) in the local runtime. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * SES v2's SendEmail with the raw message: the From address is the one the function's role may send from (the
 * deploy's sender identity), and the destination names to and cc, as the message's own headers do.
 */
export function sesTransport(client: SESv2Client): MailTransport {
  return {
    async send(mail) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: mail.from,
          Destination: { ToAddresses: [...mail.to], ...(mail.cc.length > 0 ? { CcAddresses: [...mail.cc] } : {}) },
          Content: { Raw: { Data: mail.raw } },
        }),
      );
    },
  };
}

const holder = globalThis as typeof globalThis & { __ledgerMail?: MailTransport };
let aws: MailTransport | undefined;

/** The local runtime installs its mailbox here before it loads the mail worker. */
export function installMailTransport(transport: MailTransport): void {
  holder.__ledgerMail = transport;
}

export function mailTransport(): MailTransport {
  if (holder.__ledgerMail) return holder.__ledgerMail;
  aws ??= sesTransport(traced(new SESv2Client({ region: config().AWS_REGION })));
  return aws;
}
