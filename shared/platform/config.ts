import * as v from 'valibot';
import { DEFAULT_LIMITS } from './limits/rate-limits.ts';
import { DEFAULT_MAIL_RECIPIENTS_PER_HOUR } from './mail/mail-quota.ts';
import { LINK_BASE_RULE, linkBase } from './links/link-base.ts';

/**
 * Configuration is read once, at cold start, from environment names that CDK and the local runtime both set.
 * A missing or malformed value stops the function before it serves anything.
 */
const ConfigFields = v.object({
  TABLE_NAME: v.pipe(v.string(), v.minLength(1)),
  /** Set only by the local runtime: the embedded engine's address. */
  DYNAMODB_ENDPOINT: v.optional(v.pipe(v.string(), v.url())),
  AWS_REGION: v.optional(v.string(), 'us-east-1'),
  /** `local` relaxes only what api.md allows the local runtime (http webhook URLs to loopback, insecure cookies). */
  SERVICE_STAGE: v.optional(v.picklist(['local', 'aws']), 'aws'),
  /** The EventBridge bus the stream publisher puts events on. */
  EVENT_BUS_NAME: v.optional(v.string(), 'ledger-events'),
  /** The queue the fan-out hands one delivery per endpoint to. */
  DELIVERY_QUEUE_URL: v.optional(v.string(), ''),
  /** The queue the daily reminders schedule hands one message per business to. */
  REMINDERS_QUEUE_URL: v.optional(v.string(), ''),
  IMPORTS_QUEUE_URL: v.optional(v.string(), ''),
  /** The FIFO queue the projector hands each business's new audit entries to, in commit order, for the chainer. */
  AUDIT_QUEUE_URL: v.optional(v.string(), ''),
  /** The queue of audit-log export jobs (the projector sends, the export worker consumes). */
  EXPORTS_QUEUE_URL: v.optional(v.string(), ''),
  /** The private bucket of the business's files: audit-log exports, attachments. */
  RECORDS_BUCKET: v.optional(v.string(), ''),
  /** The queue invoice e-mails wait in; its worker hides a failed one until its next attempt. */
  MAIL_QUEUE_URL: v.optional(v.string(), ''),
  /** The address invoice e-mails come from: on AWS within the SES identity the deploy names, the only one it may send from. */
  MAIL_FROM: v.optional(v.pipe(v.string(), v.email()), 'invoices@localhost.localdomain'),
  /** In the local runtime: where each e-mail is written as an `.eml` file (`<DATA_DIR>/mail`). */
  MAIL_DIR: v.optional(v.string()),
  /** In the local runtime: an SMTP server (smtp://user:pass@host:port) that e-mails go through as well, when set. */
  SMTP_URL: v.optional(v.pipe(v.string(), v.url())),
  /** Multiplies every webhook retry delay; the local runtime's tests shrink it so that days pass in seconds. */
  WEBHOOK_TIME_SCALE: v.optional(v.pipe(v.string(), v.transform(Number), v.number(), v.minValue(0)), '1'),
  /** How long one delivery attempt may take. */
  WEBHOOK_TIMEOUT_MS: v.optional(v.pipe(v.string(), v.transform(Number), v.number(), v.minValue(1)), '15000'),
  /** On AWS: the Secrets Manager secret holding the token signing keys. */
  SIGNING_KEYS_SECRET_ARN: v.optional(v.string()),
  /** In the local runtime: the file under DATA_DIR holding the signing key, generated once. */
  SIGNING_KEYS_FILE: v.optional(v.string()),
  /** The secret public invoice links are derived under: a Secrets Manager secret on AWS, a file locally. */
  LINK_SECRET_ARN: v.optional(v.string()),
  LINK_SECRET_FILE: v.optional(v.string()),
  /** Requests one client address may make to the public invoice pages per minute. */
  PUBLIC_PAGE_LIMIT: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1)), '120'),
  /** Each business's default e-mail recipients an hour (invoice e-mails), overridable per business. */
  MAIL_RECIPIENTS_PER_HOUR: v.optional(v.pipe(v.string(), v.transform(Number), v.number(), v.integer(), v.minValue(0)), String(DEFAULT_MAIL_RECIPIENTS_PER_HOUR)),
  /** Each business's default quotas a minute (api.md): overridable per business, and by tests of the local runtime. */
  RATE_LIMIT_API: v.optional(v.pipe(v.string(), v.transform(Number), v.number(), v.integer(), v.minValue(1)), String(DEFAULT_LIMITS.api)),
  RATE_LIMIT_POSTINGS: v.optional(v.pipe(v.string(), v.transform(Number), v.number(), v.integer(), v.minValue(1)), String(DEFAULT_LIMITS.postings)),
  /**
   * How old an event must be before the events feed lists it: longer than any posting transaction takes from the
   * event's timestamp to its commit, so a feed read never passes a time that a later commit could still fill.
   */
  EVENTS_FEED_SETTLE_MS: v.optional(v.pipe(v.string(), v.transform(Number), v.number(), v.integer(), v.minValue(0)), '5000'),
  /**
   * Where links point (invoice pages, invitations, the OpenAPI server): a deploy parameter on AWS, the local base
   * URL by default in the local runtime; checked by `publicOrigin`. Empty means none was given.
   */
  PUBLIC_URL: v.optional(v.string()),
  /** The API's own endpoint, set by CDK: the links' base when no PUBLIC_URL is given. */
  API_URL: v.optional(v.string()),
  /** The issuer named in access tokens. */
  OAUTH_ISSUER: v.optional(v.string(), 'ledger-service'),
});

const linksMayStartWith = (name: 'PUBLIC_URL' | 'API_URL') =>
  v.forward(
    v.check((fields: v.InferOutput<typeof ConfigFields>) => !fields[name] || linkBase(fields[name], fields.SERVICE_STAGE) !== null, LINK_BASE_RULE),
    [name],
  );

const ConfigSchema = v.pipe(ConfigFields, linksMayStartWith('PUBLIC_URL'), linksMayStartWith('API_URL'));

export type Config = v.InferOutput<typeof ConfigSchema>;

let loaded: Config | undefined;

export function config(): Config {
  if (!loaded) {
    const result = v.safeParse(ConfigSchema, process.env);
    if (!result.success) {
      const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '?'}: ${issue.message}`).join('; ');
      throw new Error(`Invalid service configuration: ${problems}`);
    }
    loaded = result.output;
  }
  return loaded;
}
