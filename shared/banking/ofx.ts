/**
 * Reads an OFX statement file into plain nested objects (`{ OFX: { BANKMSGSRSV1: … } }`, a repeated element an
 * array), in time linear in its length whatever its content: a statement is outside input, and a parser that
 * backtracks lets one crafted file hold a function for minutes.
 *
 * OFX 2 is XML: fast-xml-parser reads it, after a DTD of any kind is refused (design.md: incoming XML is parsed with
 * no DTD or external entity). OFX 1 is SGML whose leaf elements have no end tag (`<TRNAMT>-12.50`), which no XML
 * parser reads and no kept npm library parses without regular expressions that backtrack (ofx-js's `sgml2Xml` did),
 * so it has a small tokenizer of its own below: one pass over the text, each character looked at once, nesting
 * bounded by `MAX_DEPTH`.
 */
import { XMLParser } from 'fast-xml-parser';

/** One element's content: the text of a leaf, or its children by name (an array where a name repeats). */
export type OfxNode = string | { readonly [name: string]: OfxNode | OfxNode[] };

export class OfxSyntaxError extends Error {}

/** Far more than a statement file (OFX nests about eight deep) and small enough that closing a tag is cheap. */
const MAX_DEPTH = 32;
/** A statement the API accepts fits in a 1 MiB request; the parser refuses anything larger before reading it. */
export const MAX_OFX_CHARACTERS = 1_048_576;

const ELEMENT_NAME = /^[A-Za-z0-9_.]{1,64}$/;

interface Open {
  readonly name: string;
  readonly children: Map<string, OfxNode[]>;
}

function toNode(open: Open): OfxNode {
  const node: Record<string, OfxNode | OfxNode[]> = {};
  for (const [name, values] of open.children) node[name] = values.length === 1 ? values[0]! : values;
  return node;
}

function addChild(parent: Open, name: string, value: OfxNode): void {
  const existing = parent.children.get(name);
  if (existing) existing.push(value);
  else parent.children.set(name, [value]);
}

const decodeEntities = (text: string) => text.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name]!);

/** SGML OFX 1: `<NAME>` opens an aggregate, or a leaf when text follows it; `</NAME>` closes (a leaf's is optional). */
function parseSgml(body: string): OfxNode {
  const root: Open = { name: '', children: new Map() };
  const stack: Open[] = [root];
  let at = 0;
  while (at < body.length) {
    const open = body.indexOf('<', at);
    if (open < 0) {
      if (body.slice(at).trim() !== '') throw new OfxSyntaxError('has text outside any element');
      break;
    }
    if (body.slice(at, open).trim() !== '') throw new OfxSyntaxError('has text outside any element');
    const close = body.indexOf('>', open);
    if (close < 0) throw new OfxSyntaxError('has a tag that is never closed with ">"');
    const tag = body.slice(open + 1, close);
    at = close + 1;
    if (tag.startsWith('!--')) {
      const end = body.indexOf('-->', open + 4);
      if (end < 0) throw new OfxSyntaxError('has a comment that never ends');
      at = end + 3;
      continue;
    }
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      // An end tag closes the innermost open aggregate of its name, and any left open inside it.
      let depth = stack.length - 1;
      while (depth > 0 && stack[depth]!.name !== name) depth--;
      if (depth === 0) throw new OfxSyntaxError(`closes <${name.slice(0, 64)}>, which is not open`);
      while (stack.length > depth) {
        const done = stack.pop()!;
        addChild(stack[stack.length - 1]!, done.name, toNode(done));
      }
      continue;
    }
    const name = tag.trim();
    if (!ELEMENT_NAME.test(name)) throw new OfxSyntaxError(`has an element name that is not an OFX name: <${name.slice(0, 64)}>`);
    const next = body.indexOf('<', at);
    const text = (next < 0 ? body.slice(at) : body.slice(at, next)).trim();
    if (text !== '') {
      addChild(stack[stack.length - 1]!, name, decodeEntities(text));
      at = next < 0 ? body.length : next;
      // A leaf's own end tag, when the file writes one, closes nothing more.
      if (body.startsWith(`</${name}>`, at)) at += name.length + 3;
      continue;
    }
    if (stack.length > MAX_DEPTH) throw new OfxSyntaxError(`nests deeper than ${MAX_DEPTH} elements`);
    stack.push({ name, children: new Map() });
  }
  if (stack.length > 1) throw new OfxSyntaxError(`leaves <${stack[1]!.name}> open`);
  return toNode(root);
}

const xmlParser = new XMLParser({
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
});

const isNameCharacter = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 46 || code === 45 || code === 58;

/**
 * Whether any start tag carries an attribute. OFX 2 elements never do (the schema declares none; the header's
 * fields are a processing instruction, cut off before the body), and fast-xml-parser's validator spends half a
 * second tokenizing a megabyte of them (measured: 560 ms for `<A b=c b=c …>`), so they are refused first, in one
 * pass: each `<` is looked at once and a name is read only forward.
 */
function hasAttribute(text: string): boolean {
  let at = text.indexOf('<');
  while (at >= 0) {
    let end = at + 1;
    while (end < text.length && isNameCharacter(text.charCodeAt(end))) end++;
    if (end > at + 1) {
      let after = end;
      while (after < text.length && /\s/.test(text[after]!)) after++;
      if (after > end && after < text.length && text[after] !== '>' && text[after] !== '/') return true;
      if (after === text.length && after > end) return true;
    }
    at = text.indexOf('<', end);
  }
  return false;
}

function parseXml(text: string): OfxNode {
  if (hasAttribute(text)) throw new OfxSyntaxError('has an element with attributes, which OFX elements never carry');
  let parsed: unknown;
  try {
    parsed = xmlParser.parse(text, true);
  } catch (error) {
    throw new OfxSyntaxError(`is not well-formed XML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!parsed || typeof parsed !== 'object') throw new OfxSyntaxError('holds no elements');
  return parsed as OfxNode;
}

/**
 * Parses an OFX file of either version. The header (OFX 1's `KEY:VALUE` lines, OFX 2's processing instructions)
 * says nothing a statement import needs, so only the body from `<OFX>` on is read.
 */
export function parseOfx(content: string): OfxNode {
  if (content.length > MAX_OFX_CHARACTERS) throw new OfxSyntaxError(`is longer than ${MAX_OFX_CHARACTERS} characters`);
  const start = content.search(/<OFX[\s>]/i);
  if (start < 0) throw new OfxSyntaxError('has no <OFX> element');
  const isXml = /^\s*<\?xml/.test(content) || /<\?OFX\s/.test(content.slice(0, start));
  // Refused before parsing, so no entity is ever declared, expanded or fetched.
  if (/<!DOCTYPE|<!ENTITY/i.test(content)) throw new OfxSyntaxError('declares a DTD, which a statement file never needs');
  return isXml ? parseXml(content.slice(start)) : parseSgml(content.slice(start));
}
