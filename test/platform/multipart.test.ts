import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { isMultipart, multipartFormOf } from '../../shared/platform/http/multipart.ts';

const eventOf = (body: Buffer, type: string, base64 = true) => ({ headers: { 'content-type': type }, body: base64 ? body.toString('base64') : body.toString('utf8'), isBase64Encoded: base64 }) as unknown as APIGatewayProxyEventV2;

describe('a multipart form', () => {
  it('gives its fields and its file as text, from a base64 body (AWS) or a plain one', async () => {
    const boundary = '----form7';
    const body = Buffer.from(
      [`--${boundary}`, 'Content-Disposition: form-data; name="csrf"', '', 'token', `--${boundary}`, 'Content-Disposition: form-data; name="content"; filename="statement.csv"', 'Content-Type: text/csv', '', 'Date,Amount\r\n2026-11-01,12.50 café', `--${boundary}`, 'Content-Disposition: form-data; name="format"', '', 'csv', `--${boundary}--`, ''].join('\r\n'),
    );
    for (const base64 of [true, false]) {
      const event = eventOf(body, `multipart/form-data; boundary=${boundary}`, base64);
      expect(isMultipart(event)).toBe(true);
      expect(await multipartFormOf(event)).toEqual({ csrf: ['token'], content: ['Date,Amount\r\n2026-11-01,12.50 café'], format: ['csv'] });
    }
  });

  it('is null when the body is not one it can read', async () => {
    expect(await multipartFormOf(eventOf(Buffer.from('x'), 'multipart/form-data'))).toBeNull();
    expect(isMultipart(eventOf(Buffer.from('a=b'), 'application/x-www-form-urlencoded'))).toBe(false);
  });
});
