/**
 * The kinds of file a record may carry (api.md, "Attachments and tracking categories"), and whether a file's first
 * bytes are what its declared type says. The binary kinds are told by their signatures, read by `file-type` (a
 * well-kept detector of magic numbers); the text kinds have none, so they are told by being UTF-8 without control
 * characters, and XML by starting with a tag.
 */
import { fileTypeFromBuffer } from 'file-type';

export const ATTACHMENT_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/heic', 'image/webp', 'text/csv', 'application/xml', 'text/xml', 'text/plain'] as const;
export type AttachmentContentType = (typeof ATTACHMENT_CONTENT_TYPES)[number];

/** What a file name may not hold (it is sent back in a download's Content-Disposition): slashes, quotes, control characters. */
const UNSAFE_FILE_NAME = /[/\\\u0000-\u001f\u007f"]/g;

/** A file name the service makes itself (from a supplier's invoice number), with anything unsafe replaced. */
export const safeFileName = (name: string) => name.replace(UNSAFE_FILE_NAME, '_');

export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
export const MAX_ATTACHMENTS_PER_RECORD = 50;
/** The bytes read to check a file: what `file-type` reads of a buffer, a page of text besides. */
export const SNIFF_BYTES = 4_100;

/** What `file-type` may name each binary kind (HEIC images also come as the HEIF family's brands). */
const SIGNATURES: Partial<Record<AttachmentContentType, readonly string[]>> = {
  'application/pdf': ['application/pdf'],
  'image/png': ['image/png'],
  'image/jpeg': ['image/jpeg'],
  'image/heic': ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'],
  'image/webp': ['image/webp'],
};

/** Whether bytes read as UTF-8 text (a sequence the cut at SNIFF_BYTES split is allowed) with no control characters but tab, line breaks and form feed. */
export function isPlainText(head: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return false;
  }
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

/** Whether a file's first bytes are of the type it was declared as. */
export async function contentMatches(head: Uint8Array, declared: AttachmentContentType): Promise<boolean> {
  const signatures = SIGNATURES[declared];
  const detected = await fileTypeFromBuffer(head);
  if (signatures) return detected !== undefined && signatures.includes(detected.mime);
  // A text kind: no binary signature, readable as text; XML starts with its declaration or a tag.
  if ((detected && detected.mime !== 'application/xml') || !isPlainText(head)) return false;
  if (declared === 'application/xml' || declared === 'text/xml') return /^\uFEFF?\s*</.test(new TextDecoder().decode(head));
  return head.byteLength > 0;
}

/** The text kinds a file name's extension names; a text file of any other name is plain text. */
const TEXT_KIND_OF_EXTENSION: Readonly<Record<string, AttachmentContentType>> = { csv: 'text/csv', xml: 'application/xml', txt: 'text/plain' };

/**
 * The kind of a file nobody declared (one chosen with the dashboard's plain file input, which cannot declare its
 * type before it is sent): a binary kind by its signature; text by its name's extension, when its bytes are of it;
 * undefined when it is none of the kinds a record may carry.
 */
export async function kindOfFile(head: Uint8Array, fileName: string): Promise<AttachmentContentType | undefined> {
  const detected = await fileTypeFromBuffer(head);
  const binary = detected && (Object.keys(SIGNATURES) as AttachmentContentType[]).find((kind) => SIGNATURES[kind]!.includes(detected.mime));
  if (binary) return binary;
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const text = TEXT_KIND_OF_EXTENSION[extension] ?? 'text/plain';
  return (await contentMatches(head, text)) ? text : undefined;
}
