import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { QUEUES, REMINDERS_SCHEDULE } from '../../events/queues.ts';
import { installTransports } from '../../shared/platform/outbox/transports.ts';
import { LocalEventBus } from './bus.ts';
import { ensureTable, startEngine, type Engine } from './engine.ts';
import { LocalQueue, startConsumer } from './queue.ts';
import { StreamReader } from './stream.ts';
import { OUTBOX_STREAM_FILTERS, PROJECTION_STREAM_FILTERS } from '../../events/rules.ts';
import { seedAndWriteCredentials, type DevCredentials } from './seed.ts';
import { lambdaContext } from './http-adapter.ts';
import { ensureLocalKeyFile } from '../../shared/access/oauth/new-signing-key.ts';
import { ensureLocalLinkSecret } from '../../shared/platform/links/link-secret.ts';
import { createLocalServer } from './server.ts';
import { localMailbox } from '../../shared/platform/mail/local-mailbox.ts';
import { installMailTransport } from '../../shared/platform/mail/transport.ts';
import { installFileStore } from '../../shared/platform/files/file-store.ts';
import { LOCAL_ATTACHMENTS_PATH, localFileFolder, type LocalFileFolder } from '../../shared/platform/files/local-folder.ts';
import { catchUpLedgers } from './ledger-catch-up.ts';
import { DEFAULT_LIMITS, type Limits } from '../../shared/platform/limits/rate-limits.ts';

export const LOCAL_TABLE_NAME = 'ledger-local';
const DELIVERY_WORKERS = 8;

export interface RuntimeOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly dataDir: string;
  /** Keep no data: the engine runs in memory. The credentials file is still written under `dataDir`. */
  readonly memory: boolean;
  readonly host?: string;
  /** Multiplies webhook retry pauses (tests shrink days to seconds); default 1, or WEBHOOK_TIME_SCALE. */
  readonly webhookTimeScale?: number;
  /** One delivery attempt's limit; default 15000, or WEBHOOK_TIMEOUT_MS. */
  readonly webhookTimeoutMs?: number;
  /** Every business's default quotas a minute (api.md's 600 and 60 unless set, or RATE_LIMIT_API / RATE_LIMIT_POSTINGS). */
  readonly rateLimits?: Partial<Limits>;
}

/** The event pipeline's parts, for tests that inject faults or inspect queues. */
export interface LocalPipeline {
  readonly bus: LocalEventBus;
  readonly queues: { readonly fanout: LocalQueue; readonly fanoutDeadLetter: LocalQueue; readonly delivery: LocalQueue; readonly deliveryDeadLetter: LocalQueue; readonly reminders: LocalQueue; readonly remindersDeadLetter: LocalQueue; readonly imports: LocalQueue; readonly importsDeadLetter: LocalQueue; readonly mail: LocalQueue; readonly mailDeadLetter: LocalQueue; readonly audit: LocalQueue; readonly auditDeadLetter: LocalQueue; readonly exports: LocalQueue; readonly exportsDeadLetter: LocalQueue; readonly uploads: LocalQueue; readonly uploadsDeadLetter: LocalQueue };
  /** Runs the daily reminders schedule as of `at` (default now), as EventBridge Scheduler would. */
  readonly runSchedule: (at?: Date) => Promise<{ readonly businesses: number }>;
  readonly stream: StreamReader;
}

export interface LocalRuntime {
  readonly baseUrl: string;
  readonly engineEndpoint: string;
  /** The engine's JVM process id (the benchmark reads its CPU time). */
  readonly enginePid: number;
  readonly tableName: string;
  readonly credentials: DevCredentials;
  readonly pipeline: LocalPipeline;
  stop(): Promise<void>;
}

/**
 * The stream, the bus and the queues in the process, calling the same handler modules the deployed event sources
 * call: stream → publisher → bus → fan-out queue → fan-out → delivery queue → delivery, and bus → mail queue → mail;
 * stream → projector → audit FIFO queue → chainer.
 */
/**
 * `stateDir`, when data is kept: where the queues keep their messages and the stream reader its position, so that
 * a restart (even after kill -9) resumes: no event lost, none sent again, retries at their scheduled times.
 */
async function startPipeline(endpoint: string, tableName: string, stateDir: string | null) {
  const fileOf = (name: string) => (stateDir ? { file: resolve(stateDir, `${name}.json`) } : {});
  const deadLetter = { visibilityTimeoutSeconds: 30, maxReceiveCount: Number.POSITIVE_INFINITY };
  const fanoutDeadLetter = new LocalQueue('fanout-dlq', { ...deadLetter, ...fileOf('fanout-dlq') });
  const deliveryDeadLetter = new LocalQueue('delivery-dlq', { ...deadLetter, ...fileOf('delivery-dlq') });
  const fanout = new LocalQueue('fanout', { ...QUEUES.fanout, deadLetter: fanoutDeadLetter, perGroupInFlight: Math.ceil(QUEUES.fanout.batchSize / 2), ...fileOf('fanout') });
  // Eight delivery workers, at most half of them on one business at a time (see LocalQueue: a fair queue).
  const delivery = new LocalQueue('delivery', { ...QUEUES.delivery, deadLetter: deliveryDeadLetter, perGroupInFlight: DELIVERY_WORKERS / 2, ...fileOf('delivery') });
  const remindersDeadLetter = new LocalQueue('reminders-dlq', { ...deadLetter, ...fileOf('reminders-dlq') });
  const reminders = new LocalQueue('reminders', { ...QUEUES.reminders, deadLetter: remindersDeadLetter, ...fileOf('reminders') });
  const importsDeadLetter = new LocalQueue('imports-dlq', { ...deadLetter, ...fileOf('imports-dlq') });
  const imports = new LocalQueue('imports', { ...QUEUES.imports, deadLetter: importsDeadLetter, ...fileOf('imports') });
  const mailDeadLetter = new LocalQueue('mail-dlq', { ...deadLetter, ...fileOf('mail-dlq') });
  const mail = new LocalQueue('mail', { ...QUEUES.mail, deadLetter: mailDeadLetter, ...fileOf('mail') });
  const auditDeadLetter = new LocalQueue('audit-dlq', { ...deadLetter, fifo: true, ...fileOf('audit-dlq') });
  const audit = new LocalQueue('audit', { ...QUEUES.audit, deadLetter: auditDeadLetter, fifo: true, ...fileOf('audit') });
  const exportsDeadLetter = new LocalQueue('exports-dlq', { ...deadLetter, ...fileOf('exports-dlq') });
  const exports = new LocalQueue('exports', { ...QUEUES.exports, deadLetter: exportsDeadLetter, ...fileOf('exports') });
  const uploadsDeadLetter = new LocalQueue('uploads-dlq', { ...deadLetter, ...fileOf('uploads-dlq') });
  const uploads = new LocalQueue('uploads', { ...QUEUES.uploads, deadLetter: uploadsDeadLetter, ...fileOf('uploads') });
  const bus = new LocalEventBus({ fanout, mail });
  const byName = { delivery, reminders, imports, mail, audit, exports };
  installTransports({
    bus,
    queue: {
      send: async (queue, body, options) => void byName[queue].send(body, (options.delaySeconds ?? 0) * 1000, options.group, options.deduplicationId),
      changeVisibility: async (queue, receiptHandle, seconds) => byName[queue].changeVisibility(receiptHandle, seconds * 1000),
    },
  });
  const [{ handler: publish }, { handler: project }, { handler: fanOutHandler }, { handler: deliver }, { handler: remind }, { handler: schedule }, { handler: storeChunk }, { handler: sendMail }, { handler: chain }, { handler: writeExport }, { handler: checkUpload }] = await Promise.all([
    import('../../functions/platform/streams/publish.ts'),
    import('../../functions/platform/streams/project.ts'),
    import('../../functions/webhooks/workers/fanout.ts'),
    import('../../functions/webhooks/workers/deliver.ts'),
    import('../../functions/sales/reminders-schedule/run.ts'),
    import('../../functions/sales/reminders-schedule/schedule.ts'),
    import('../../functions/banking/workers/import-chunk.ts'),
    import('../../functions/platform/mail/send.ts'),
    import('../../functions/audit/workers/chain.ts'),
    import('../../functions/audit/workers/export.ts'),
    import('../../functions/attachments/workers/check-upload.ts'),
  ]);
  const context = (name: string) => lambdaContext(name);
  const consumers = [
    startConsumer(fanout, (event) => fanOutHandler(event, context('webhooks-fanout')), { batchSize: QUEUES.fanout.batchSize, concurrency: 2 }),
    startConsumer(delivery, (event) => deliver(event, context('webhooks-deliver')), { batchSize: QUEUES.delivery.batchSize, concurrency: DELIVERY_WORKERS }),
    startConsumer(reminders, (event) => remind(event, context('reminders-run')), { batchSize: QUEUES.reminders.batchSize, concurrency: 2 }),
    startConsumer(imports, (event) => storeChunk(event, context('banking-import-chunk')), { batchSize: QUEUES.imports.batchSize, concurrency: 2 }),
    startConsumer(mail, (event) => sendMail(event, context('mail-send')), { batchSize: QUEUES.mail.batchSize, concurrency: 2 }),
    // Several chainers at once, as Lambda runs one per message group in flight: FIFO keeps each business to one.
    startConsumer(audit, (event) => chain(event, context('audit-chain')), { batchSize: QUEUES.audit.batchSize, concurrency: 4 }),
    startConsumer(exports, (event) => writeExport(event, context('audit-export')), { batchSize: QUEUES.exports.batchSize, concurrency: 1 }),
    startConsumer(uploads, (event) => checkUpload(event, context('attachments-check-upload')), { batchSize: QUEUES.uploads.batchSize, concurrency: 2 }),
  ];
  // What EventBridge puts on the queue for each upload of an attachment (the bucket's Object Created event).
  const notifyUpload = (key: string, size: number) => uploads.send(JSON.stringify({ version: '0', source: 'aws.s3', 'detail-type': 'Object Created', time: new Date().toISOString(), detail: { bucket: { name: 'local' }, object: { key, size }, reason: 'PostObject' } }), 0);
  // The daily schedule: once at start (so a machine that was off catches up), then every day.
  const runSchedule = (at = new Date()) => schedule({ scheduled_time: at.toISOString() }, context('reminders-schedule'));
  const scheduled = () => void runSchedule().catch((error: unknown) => console.error('local runtime: reminders schedule failed', error));
  const daily = setInterval(scheduled, REMINDERS_SCHEDULE.everyMs);
  daily.unref();
  // The stream's two readers, as on AWS: the publisher (the outbox to the bus) and the projector (the read models,
  // documents by status), each with its own filter and checkpoint, served by one read (see StreamReader).
  const stream = new StreamReader(endpoint, tableName, [
    { consumer: (event) => publish(event, context('streams-publish')), filters: OUTBOX_STREAM_FILTERS, ...(stateDir ? { positionFile: resolve(stateDir, 'stream-position.json') } : {}) },
    { consumer: (event) => project(event, context('streams-project')), filters: PROJECTION_STREAM_FILTERS, ...(stateDir ? { positionFile: resolve(stateDir, 'projection-position.json') } : {}) },
  ]);
  await stream.start();
  scheduled();
  const queues = { fanout, fanoutDeadLetter, delivery, deliveryDeadLetter, reminders, remindersDeadLetter, imports, importsDeadLetter, mail, mailDeadLetter, audit, auditDeadLetter, exports, exportsDeadLetter, uploads, uploadsDeadLetter };
  return {
    pipeline: { bus, queues, stream, runSchedule },
    notifyUpload,
    async stop() {
      clearInterval(daily);
      await stream.stop();
      await Promise.all(consumers.map((consumer) => consumer.stop()));
      for (const queue of Object.values(queues)) queue.flush();
    },
  };
}

/**
 * The whole service on one machine: the embedded engine, the table from the shared definition, the seed, and
 * every route of the table over HTTP. The handlers read the same configuration names CDK sets.
 */
export async function startLocalRuntime(options: RuntimeOptions): Promise<LocalRuntime> {
  // The AWS SDK prints an eight-line notice on every start under Node 20 (its releases after January 2027 need
  // Node 22). The project's machines run Node 20 and Lambda runs Node 24; the notice says nothing a developer can
  // act on here, so the SDK's own switch turns it off, for this process only.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const engine: Engine = await startEngine(options.memory ? null : resolve(dataDir, 'dynamodb'));
  let server: Server | undefined;
  let pipeline: Awaited<ReturnType<typeof startPipeline>> | undefined;
  try {
    // The records bucket's folder is made once the base URL of its links is known, after the server exists.
    const files: { folder?: LocalFileFolder; attachments?: LocalFileFolder; uploaded?: (key: string, size: number) => void } = {};
    server = createLocalServer({ records: () => files.folder, attachments: () => files.attachments, uploaded: (key, size) => files.uploaded?.(key, size) });
    const listening = server;
    const listen = () =>
      new Promise<void>((done, fail) => {
        listening.once('error', fail);
        listening.listen(options.port, options.host ?? '127.0.0.1', () => done());
      });
    // A request made with the credentials file's key must never meet a server that has not written it yet: with a
    // fixed port the file is written first and the port opened after. Port 0 (tests asking for any free port)
    // has to listen first to learn its address, which the links are made under.
    if (options.port === 0) await listen();
    const baseUrl = `http://localhost:${options.port === 0 ? (listening.address() as AddressInfo).port : options.port}`;
    Object.assign(process.env, {
      // Links in e-mails, PDFs and pages point here: configuration, never a request's headers (api.md's default).
      PUBLIC_URL: process.env.PUBLIC_URL || baseUrl,
      TABLE_NAME: LOCAL_TABLE_NAME,
      DYNAMODB_ENDPOINT: engine.endpoint,
      AWS_REGION: 'local',
      SERVICE_STAGE: 'local',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
      // Business metrics are CloudWatch's (EMF lines); locally they would only be noise on stdout.
      POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
      WEBHOOK_TIME_SCALE: String(options.webhookTimeScale ?? process.env.WEBHOOK_TIME_SCALE ?? 1),
      // Local transactions commit within milliseconds of their events' timestamps: the feed settles in one second.
      EVENTS_FEED_SETTLE_MS: process.env.EVENTS_FEED_SETTLE_MS ?? '1000',
      WEBHOOK_TIMEOUT_MS: String(options.webhookTimeoutMs ?? process.env.WEBHOOK_TIMEOUT_MS ?? 15_000),
      RATE_LIMIT_API: String(options.rateLimits?.api ?? process.env.RATE_LIMIT_API ?? DEFAULT_LIMITS.api),
      RATE_LIMIT_POSTINGS: String(options.rateLimits?.postings ?? process.env.RATE_LIMIT_POSTINGS ?? DEFAULT_LIMITS.postings),
      // The token signing key is generated once and kept beside the data (kept even with --memory, like the credentials).
      SIGNING_KEYS_FILE: resolve(dataDir, 'oauth-signing-keys.json'),
      // Public invoice links are derived under this key: made once and kept, so a link stays the same across restarts.
      LINK_SECRET_FILE: resolve(dataDir, 'invoice-link-secret'),
      // E-mails are written here as .eml files (with --memory too, like the credentials), and sent through SMTP_URL when set.
      MAIL_DIR: resolve(dataDir, 'mail'),
    });
    installMailTransport(localMailbox(process.env.MAIL_DIR!, process.env.SMTP_URL || undefined));
    // The records bucket: a folder beside the data (with --memory too, like the mail), its links served by this server.
    files.folder = localFileFolder(resolve(dataDir, 'files'), baseUrl);
    // Attachments: their own folder, uploaded and downloaded through this server as the bucket's presigned forms and links.
    files.attachments = localFileFolder(resolve(dataDir, 'attachments'), baseUrl, LOCAL_ATTACHMENTS_PATH);
    installFileStore(files.folder, files.attachments);
    await ensureLocalKeyFile(process.env.SIGNING_KEYS_FILE!);
    ensureLocalLinkSecret(process.env.LINK_SECRET_FILE!);
    await ensureTable(engine.endpoint, LOCAL_TABLE_NAME);
    if (!options.memory) await catchUpLedgers();
    const stateDir = options.memory ? null : resolve(dataDir, 'pipeline');
    if (stateDir) mkdirSync(stateDir, { recursive: true });
    pipeline = await startPipeline(engine.endpoint, LOCAL_TABLE_NAME, stateDir);
    files.uploaded = pipeline.notifyUpload;
    const credentials: DevCredentials = await seedAndWriteCredentials(dataDir, baseUrl);
    if (options.port !== 0) await listen();
    const running = server;
    const events = pipeline;
    return {
      baseUrl,
      engineEndpoint: engine.endpoint,
      enginePid: engine.pid,
      tableName: LOCAL_TABLE_NAME,
      credentials,
      pipeline: events.pipeline,
      async stop() {
        await new Promise<void>((done) => {
          running.close(() => done());
          running.closeAllConnections();
        });
        await events.stop();
        await engine.stop();
      },
    };
  } catch (error) {
    server?.close();
    await pipeline?.stop();
    await engine.stop();
    throw error;
  }
}
