/**
 * The XML of an e-invoice, written with fast-xml-parser's builder (already the service's XML library, for OFX):
 * a syntax module gives a tree of plain objects in element order, this writes it, escaped. Why not a ready-made
 * EN 16931 generator: the one well kept on npm (@e-invoice-eu/core) takes its own UBL-shaped JSON and brings a
 * spreadsheet reader, a PDF library and a JSON-path engine with it; the mapping from our documents would be the same
 * work, and the e-invoice routes' bundles would carry all of that (bench:bundles).
 */
import { XMLBuilder } from 'fast-xml-parser';

/** An element: text, or children in order (a key starting `@_` is an attribute, `#text` the element's text). */
export type XmlNode = string | { readonly [name: string]: XmlNode | readonly XmlNode[] | undefined };

/** Leaves out the children that are absent, so a tree can be written with optional parts inline. */
export function present(node: Readonly<Record<string, XmlNode | readonly XmlNode[] | undefined | null | false>>): XmlNode {
  return Object.fromEntries(Object.entries(node).filter(([, child]) => child !== undefined && child !== null && child !== false && !(Array.isArray(child) && child.length === 0))) as XmlNode;
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ', suppressEmptyNode: true });

export function writeXml(root: string, node: XmlNode): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ [root]: node }) as string}`;
}
