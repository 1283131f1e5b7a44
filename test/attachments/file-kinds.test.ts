import { describe, expect, it } from 'vitest';
import { contentMatches, isPlainText, safeFileName, type AttachmentContentType } from '../../shared/attachments/file-kinds.ts';
import { bytes, SAMPLES } from './samples.ts';


describe('whether a file is of its declared type', () => {
  it('accepts each kind by its own first bytes', async () => {
    for (const [type, head] of Object.entries(SAMPLES)) expect(await contentMatches(head, type as AttachmentContentType), type).toBe(true);
  });

  it('refuses a binary file declared as another binary kind or as text, and text declared as an image or a PDF', async () => {
    expect(await contentMatches(SAMPLES['image/png'], 'application/pdf')).toBe(false);
    expect(await contentMatches(SAMPLES['application/pdf'], 'image/jpeg')).toBe(false);
    expect(await contentMatches(SAMPLES['image/jpeg'], 'text/plain')).toBe(false);
    expect(await contentMatches(SAMPLES['application/pdf'], 'text/csv')).toBe(false);
    expect(await contentMatches(SAMPLES['text/plain'], 'image/png')).toBe(false);
    expect(await contentMatches(SAMPLES['text/csv'], 'application/xml')).toBe(false);
    expect(await contentMatches(Buffer.alloc(0), 'text/plain')).toBe(false);
    // An executable renamed: a Windows program's header is neither a PDF nor text.
    expect(await contentMatches(bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0]), 'application/pdf')).toBe(false);
    expect(await contentMatches(bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0]), 'text/plain')).toBe(false);
  });

  it('reads text as UTF-8 without control characters, allowing a character the sample cut in two', () => {
    expect(isPlainText(Buffer.from('tab\there\r\nline'))).toBe(true);
    expect(isPlainText(Buffer.from('café').subarray(0, 4))).toBe(true);
    expect(isPlainText(Buffer.from([0x61, 0x00, 0x62]))).toBe(false);
    expect(isPlainText(Buffer.from([0xc3, 0x28]))).toBe(false);
  });

  it('makes a file name safe to send back in a download: slashes, quotes and control characters replaced, the rest kept', () => {
    expect(safeFileName('018304 / 28865')).toBe('018304 _ 28865');
    expect(safeFileName('a\\b"c\u0000d\u007fé.xml')).toBe('a_b_c_d_é.xml');
    expect(safeFileName('INV-00001.xml')).toBe('INV-00001.xml');
  });
});
