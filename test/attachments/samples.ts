import type { AttachmentContentType } from '../../shared/attachments/file-kinds.ts';

export const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

/** The first bytes of a file of each kind, as their formats begin. */
export const SAMPLES: Readonly<Record<AttachmentContentType, Buffer>> = {
  'application/pdf': bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
  'image/png': bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR', [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89], [0, 0, 0, 0], 'IEND', [0xae, 0x42, 0x60, 0x82]),
  'image/jpeg': bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF\0', [1, 1, 0, 0, 1, 0, 1, 0, 0]),
  'image/heic': bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic'),
  'image/webp': bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ', [0x18, 0, 0, 0]),
  'text/csv': bytes('date,amount,description\n2026-11-02,12.50,"Coffee, beans"\n'),
  'application/xml': bytes('<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>\n'),
  'text/xml': bytes('<note><to>Accounts</to></note>\n'),
  'text/plain': Buffer.from('Receipt 1234 — paid in full. Thank you!\n', 'utf8'),
};
