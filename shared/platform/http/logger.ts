import { Logger } from '@aws-lambda-powertools/logger';

/** One logger for every function; its level comes from POWERTOOLS_LOG_LEVEL, set by CDK and the local runtime. */
export const logger = new Logger({ serviceName: 'ledger-service' });

/** A value a log line carries: what reads the same as JSON and as text. */
export type LogField = string | number | boolean | null;

const LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'] as const;
const enabled = (level: 'INFO' | 'WARN') => LEVELS.indexOf(logger.getLevelName()) <= LEVELS.indexOf(level);

/** A field's value as text: `-` for none, quoted when it holds a space (so the next `key=` still starts a field). */
function textValue(value: LogField): string {
  if (value === null) return '-';
  const text = String(value);
  return /\s/.test(text) ? JSON.stringify(text) : text;
}

/** `message key=value …`; a warning starts with `WARN`. */
export function textLine(level: 'INFO' | 'WARN', message: string, fields: Readonly<Record<string, LogField>>): string {
  const pairs = Object.entries(fields).map(([key, value]) => `${key}=${textValue(value)}`);
  return [...(level === 'WARN' ? ['WARN'] : []), message, ...pairs].join(' ');
}

/**
 * An INFO or WARN line about what the service did. Powertools' JSON on AWS and under `LOG_FORMAT=json`; under
 * `LOG_FORMAT=text`, which `npm start` sets unless told otherwise, one short line a person reads (`text` if given,
 * else {@link textLine}), under the same log level and on the stream Powertools uses (a warning on stderr).
 * Powertools' logger only writes JSON, so the text form is written here. Errors stay `logger.error`, whose JSON
 * carries the stack.
 */
export function logLine(level: 'INFO' | 'WARN', message: string, fields: Readonly<Record<string, LogField>>, text?: string): void {
  if (process.env.LOG_FORMAT !== 'text') {
    if (level === 'INFO') logger.info(message, { ...fields });
    else logger.warn(message, { ...fields });
  } else if (enabled(level)) {
    (level === 'WARN' ? process.stderr : process.stdout).write(`${text ?? textLine(level, message, fields)}\n`);
  }
}
