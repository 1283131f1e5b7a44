import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestTextLine } from '../../shared/platform/http/access-log.ts';
import { logLine, logger, textLine } from '../../shared/platform/http/logger.ts';

describe('a log line under npm start (LOG_FORMAT=text)', () => {
  const format = process.env.LOG_FORMAT;
  const level = logger.getLevelName();
  afterEach(() => {
    vi.restoreAllMocks();
    if (format === undefined) delete process.env.LOG_FORMAT;
    else process.env.LOG_FORMAT = format;
    logger.setLogLevel(level);
  });

  /** Every line written to stdout and stderr, each with its stream. */
  const written = () => {
    const lines: string[] = [];
    for (const stream of ['stdout', 'stderr'] as const) {
      vi.spyOn(process[stream], 'write').mockImplementation((chunk: string | Uint8Array) => lines.push(`${stream}: ${String(chunk)}`) > 0);
    }
    return lines;
  };

  it('says what happened as message and key=value pairs, quoting a value with a space, and marks a warning', () => {
    expect(textLine('INFO', 'daily work scheduled', { date: '2026-11-25', businesses: 2, recurring: 0 })).toBe('daily work scheduled date=2026-11-25 businesses=2 recurring=0');
    expect(textLine('WARN', 'e-mail failed; it comes back later', { business_id: 'b1', attempt: 2, error: 'Error: connect ECONNREFUSED', sent: false, id: null })).toBe(
      'WARN e-mail failed; it comes back later business_id=b1 attempt=2 error="Error: connect ECONNREFUSED" sent=false id=-',
    );
  });

  it("writes the short line, not Powertools' JSON, and only at a level the logger lets through", () => {
    process.env.LOG_FORMAT = 'text';
    const json = vi.spyOn(logger, 'info');
    const lines = written();
    logger.setLogLevel('INFO');
    logLine('INFO', 'reminders sent', { business_id: 'b1', sent: 3 });
    logLine('INFO', 'request', { status: 200 }, 'GET /api/v1/customers 200 3ms business=b1 request=r');
    logger.setLogLevel('WARN');
    logLine('INFO', 'reminders sent', { business_id: 'b2', sent: 1 });
    logLine('WARN', 'Bus refused an outbox event; the shard resumes from it', { sequenceNumber: '42' });
    // A warning on stderr, as Powertools' console.warn puts it.
    expect(lines).toEqual([
      'stdout: reminders sent business_id=b1 sent=3\n',
      'stdout: GET /api/v1/customers 200 3ms business=b1 request=r\n',
      'stderr: WARN Bus refused an outbox event; the shard resumes from it sequenceNumber=42\n',
    ]);
    expect(json).not.toHaveBeenCalled();
  });

  it("hands the same fields to Powertools' logger as JSON on AWS (no LOG_FORMAT) and under LOG_FORMAT=json", () => {
    const json = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    const lines = written();
    for (const value of [undefined, 'json']) {
      if (value === undefined) delete process.env.LOG_FORMAT;
      else process.env.LOG_FORMAT = value;
      logLine('INFO', 'reminders sent', { business_id: 'b1', sent: 3 });
    }
    expect(json.mock.calls).toEqual([
      ['reminders sent', { business_id: 'b1', sent: 3 }],
      ['reminders sent', { business_id: 'b1', sent: 3 }],
    ]);
    expect(lines).toEqual([]);
  });

  it("writes a request as method, path, status, time, business and request id", () => {
    expect(requestTextLine({ method: 'POST', path: '/api/v1/receipts', route: 'receipts.create', status: 201, ms: 14, business_id: null, request_id: 'r1' })).toBe('POST /api/v1/receipts 201 14ms business=- request=r1');
  });
});
