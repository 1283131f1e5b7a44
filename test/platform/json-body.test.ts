import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { Contract } from '../../shared/platform/http/contract.ts';
import { ApiError } from '../../shared/platform/http/errors.ts';
import { isJsonMediaType, isXmlMediaType, parsedJsonBody } from '../../shared/platform/http/json-body.ts';

const event = (body: string, type: string) => ({ body, isBase64Encoded: false, headers: { 'content-type': type } }) as unknown as APIGatewayProxyEventV2;
const contract = (consumes?: 'application/xml'): Contract => ({ summary: 's', tag: 't', body: v.strictObject({ attachment_id: v.string() }), response: v.object({}), ...(consumes ? { consumes } : {}) });
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? [error.status, error.code] : error;
  }
  return 'accepted';
};

describe('request bodies by media type', () => {
  it('tells JSON and XML media types apart as RFC 9110 parses them, UTF-8 only', () => {
    expect(['application/json', 'Application/JSON ; charset=UTF-8', 'application/problem+json'].map(isJsonMediaType)).toEqual([true, true, true]);
    expect(['application/json; charset=latin1', 'text/json', '', 'application/xml'].map(isJsonMediaType)).toEqual([false, false, false, false]);
    expect(['application/xml', 'text/xml; charset=utf-8', 'TEXT/XML'].map(isXmlMediaType)).toEqual([true, true, true]);
    expect(['application/xml; charset=iso-8859-1', 'application/atom+xml', 'text/plain', 'xml'].map(isXmlMediaType)).toEqual([false, false, false, false]);
  });

  it('gives a route that consumes XML its text, and still reads its JSON body; any other route refuses XML with 415', () => {
    expect(parsedJsonBody(event('<Invoice/>', 'application/xml'), contract('application/xml'))).toEqual({ xml: '<Invoice/>' });
    expect(parsedJsonBody(event('{"attachment_id":"a"}', 'application/json'), contract('application/xml'))).toEqual({ attachment_id: 'a' });
    expect(refusal(() => parsedJsonBody(event('  ', 'application/xml'), contract('application/xml')))).toEqual([400, 'validation_error']);
    expect(refusal(() => parsedJsonBody(event('<Invoice/>', 'text/plain'), contract('application/xml')))).toEqual([415, 'unsupported_media_type']);
    expect(refusal(() => parsedJsonBody(event('<Invoice/>', 'application/xml'), contract()))).toEqual([415, 'unsupported_media_type']);
  });
});
