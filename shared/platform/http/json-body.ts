import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import contentType from 'content-type';
import type { Contract } from './contract.ts';
import { unsupportedMediaType, validationError } from './errors.ts';
import { parseInput } from './validate.ts';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The type of a Content-Type header parsed as RFC 9110 says (case-insensitive names, spaces around `;`), when its charset, if named, is UTF-8. */
function utf8MediaType(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let parsed: contentType.ParsedMediaType;
  try {
    parsed = contentType.parse(header);
  } catch {
    return undefined;
  }
  const charset = parsed.parameters.charset?.toLowerCase();
  return charset === undefined || charset === 'utf-8' ? parsed.type : undefined;
}

/** application/json, or a structured `+json` type; a charset, when named, must be UTF-8 (RFC 8259 §8.1). */
export function isJsonMediaType(header: string | undefined): boolean {
  return /^application\/([\w.+-]+\+)?json$/.test(utf8MediaType(header) ?? '');
}

/** application/xml or text/xml (RFC 7303), in UTF-8 when a charset is named. */
export function isXmlMediaType(header: string | undefined): boolean {
  const type = utf8MediaType(header);
  return type === 'application/xml' || type === 'text/xml';
}

/** The text of an XML body, for a route whose contract `consumes` XML; its parsing is the use case's. */
export interface XmlBody {
  readonly xml: string;
}

/** The body as text; bytes that are not valid UTF-8 are refused, never turned into U+FFFD. */
export function bodyText(event: APIGatewayProxyEventV2): string {
  if (event.body === undefined) return '';
  if (!event.isBase64Encoded) return event.body;
  try {
    return strictUtf8.decode(Buffer.from(event.body, 'base64'));
  } catch {
    throw validationError([{ field: 'body', message: 'must be valid UTF-8' }]);
  }
}

/**
 * The JSON body of a route whose contract declares one, validated (or the text of an XML body, where the contract
 * consumes XML): 415 for a body not declared as JSON, 400 for
 * bytes that are not UTF-8, text that is not JSON, or JSON the schema refuses. Undefined for a route without a
 * body. Written here rather than taken from @middy/http-json-body-parser because that one matches media types
 * case-sensitively, decodes bad UTF-8 into U+FFFD, and answers malformed JSON with 415.
 */
export function parsedJsonBody(event: APIGatewayProxyEventV2, contract: Contract): unknown {
  if (!contract.body) return noBody(bodyText(event));
  // An optional body may be absent, empty or `{}` whatever its declared type: callers who sent that to a route
  // before it took a body (which ignored it) must not start failing.
  if (contract.optionalBody && isNoBody(bodyText(event))) return parsedBodyOf('{}', contract);
  const type = event.headers?.['content-type'];
  if (contract.consumes && isXmlMediaType(type)) {
    const xml = bodyText(event);
    if (!xml.trim()) throw validationError([{ field: 'body', message: 'must be an XML document, not empty' }]);
    return { xml } satisfies XmlBody;
  }
  if (!isJsonMediaType(type)) throw unsupportedMediaType(Boolean(contract.consumes));
  return parsedBodyOf(bodyText(event), contract);
}

/**
 * A route without a body schema takes no body: nothing, or an empty JSON object, is no body; anything else is a
 * 400, so a caller never believes fields were honoured that were never read.
 */
function noBody(text: string): undefined {
  if (!isNoBody(text)) throw validationError([{ field: 'body', message: 'must be empty: this route takes no body' }]);
}

/** Nothing, or an empty JSON object. */
function isNoBody(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text.trim() || '{}');
    return Boolean(parsed) && typeof parsed === 'object' && !Array.isArray(parsed) && Object.keys(parsed as object).length === 0;
  } catch {
    return false;
  }
}

/** JSON text parsed and validated by the contract's body schema (400 naming each problem). */
export function parsedBodyOf(text: string, contract: Contract): unknown {
  if (!contract.body) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw validationError([{ field: 'body', message: 'must be a valid JSON document' }]);
  }
  return parseInput(contract.body, json, 'body');
}
