/**
 * A sales document as a PDF, drawn inside the function with PDFKit (pure JavaScript: no browser, no native code).
 * The fonts are DejaVu Sans (regular and bold), embedded as subsets, so Latin with accents, Greek and Cyrillic
 * render; a script DejaVu does not hold (Chinese, say) prints as visible empty boxes, never as another text. The
 * layout is the sheet's (`shared/sales/document-sheet.ts`): the business and the customer, the dates, a table of
 * lines that runs onto further pages with its header repeated, the totals, the payment instructions and the link.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Sheet } from './document-sheet.ts';
import { neutralized } from '../platform/core/bidi.ts';

const FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

/**
 * A font's bytes: beside the bundle on AWS (the function's build copies them into `fonts/`), else from the
 * `dejavu-fonts-ttf` package (the local runtime and the tests). Read once per instance.
 */
const fonts = new Map<keyof typeof FONT_FILES, Buffer>();
function font(name: keyof typeof FONT_FILES): Buffer {
  const cached = fonts.get(name);
  if (cached) return cached;
  const bundled = new URL(`./fonts/${FONT_FILES[name]}`, import.meta.url);
  const path = existsSync(bundled) ? bundled : createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${FONT_FILES[name]}`);
  const bytes = readFileSync(path);
  fonts.set(name, bytes);
  return bytes;
}

const PAGE = { size: 'A4', margin: 50 } as const;
const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#cbd2d9';
/** The table's columns (x and width, points): a document's description, quantity, unit price, tax, amount; a statement's date, details, debit, credit, balance. */
const LAYOUTS = {
  document: [
    { x: 50, width: 235, align: 'left' },
    { x: 285, width: 55, align: 'right' },
    { x: 340, width: 80, align: 'right' },
    { x: 420, width: 45, align: 'right' },
    { x: 465, width: 80, align: 'right' },
  ],
  statement: [
    { x: 50, width: 65, align: 'left' },
    { x: 115, width: 190, align: 'left' },
    { x: 305, width: 80, align: 'right' },
    { x: 385, width: 80, align: 'right' },
    { x: 465, width: 80, align: 'right' },
  ],
} as const;

/**
 * A file an archival PDF carries for machines (a Factur-X invoice's XML): a PDF/A-3 document with the file embedded
 * under its relationship to the pages, and the XMP that describes it added to the document's metadata.
 */
export interface ArchivedFile {
  readonly name: string;
  readonly bytes: Buffer;
  readonly mimeType: string;
  readonly description: string;
  /** PDF/A-3's AFRelationship: what the file is to the visible document. */
  readonly relationship: 'Alternative' | 'Data' | 'Source';
  /** XMP `rdf:Description` elements describing the file (the extension schema included). */
  readonly xmp: string;
  readonly date: Date;
}

/** pdfkit's attachment options, as the library takes them: its types leave out the PDF/A-3 relationship. */
type AttachmentOptions = NonNullable<Parameters<PDFKit.PDFDocument['file']>[1]> & { readonly relationship: ArchivedFile['relationship'] };

export async function renderSheetPdf(drawn: Sheet, archived?: ArchivedFile): Promise<Buffer> {
  // Every text on the sheet comes from a business or its customer: no bidi control reorders what a reader sees.
  const sheet = neutralized(drawn);
  const archival = archived ? ({ subset: 'PDF/A-3b', pdfVersion: '1.7' } as const) : {};
  const doc = new PDFDocument({ size: PAGE.size, margin: PAGE.margin, font: font('regular') as unknown as string, info: { Title: `${sheet.title} ${sheet.no}`, Creator: 'ledger-service' }, bufferPages: true, ...archival });
  doc.registerFont('regular', font('regular'));
  doc.registerFont('bold', font('bold'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const bottom = doc.page.height - PAGE.margin;
  const COLUMNS = LAYOUTS[sheet.layout ?? 'document'];

  // Header: the business on the left, the title, number and dates on the right.
  doc.fillColor(INK).font('bold').fontSize(16).text(sheet.from[0] ?? '', 50, 50, { width: 280 });
  doc.font('regular').fontSize(9).fillColor(MUTED);
  for (const line of sheet.from.slice(1)) doc.text(line, { width: 280 });
  const headerBottom = doc.y;
  doc.fillColor(INK).font('bold').fontSize(20).text(sheet.title.toUpperCase(), 330, 50, { width: 215, align: 'right' });
  doc.font('regular').fontSize(11).text(sheet.no, { width: 215, align: 'right' });
  doc.fontSize(9).fillColor(MUTED);
  for (const [label, value] of sheet.meta) doc.text(`${label}: ${value}`, { width: 215, align: 'right' });
  let y = Math.max(headerBottom, doc.y) + 20;

  // Bill to.
  if (sheet.to.length > 0) {
    doc.fillColor(MUTED).font('bold').fontSize(8).text('BILL TO', 50, y);
    doc.fillColor(INK).font('bold').fontSize(10).text(sheet.to[0]!, 50, doc.y + 2, { width: 280 });
    doc.font('regular').fontSize(9);
    for (const line of sheet.to.slice(1)) doc.text(line, { width: 280 });
    y = doc.y + 20;
  }

  const tableHeader = (at: number) => {
    doc.font('bold').fontSize(8).fillColor(MUTED);
    sheet.columns.forEach((title, index) => doc.text(title.toUpperCase(), COLUMNS[index]!.x, at, { width: COLUMNS[index]!.width, align: COLUMNS[index]!.align }));
    doc.moveTo(50, at + 13).lineTo(545, at + 13).strokeColor(RULE).lineWidth(0.7).stroke();
    return at + 18;
  };
  y = tableHeader(y);
  doc.font('regular').fontSize(9).fillColor(INK);
  for (const row of sheet.rows) {
    const height = Math.max(...row.map((cell, index) => doc.heightOfString(cell, { width: COLUMNS[index]!.width })));
    if (y + height > bottom - 10) {
      doc.addPage();
      y = tableHeader(PAGE.margin);
      doc.font('regular').fontSize(9).fillColor(INK);
    }
    row.forEach((cell, index) => doc.text(cell, COLUMNS[index]!.x, y, { width: COLUMNS[index]!.width, align: COLUMNS[index]!.align }));
    y += height + 6;
  }
  doc.moveTo(50, y).lineTo(545, y).strokeColor(RULE).lineWidth(0.7).stroke();
  y += 10;

  // Totals, right-aligned; the last stands out.
  if (y + sheet.totals.length * 16 > bottom) {
    doc.addPage();
    y = PAGE.margin;
  }
  sheet.totals.forEach(([label, value], index) => {
    const last = index === sheet.totals.length - 1;
    doc.font(last ? 'bold' : 'regular').fontSize(last ? 11 : 9).fillColor(INK);
    // A rate's row names the rate, its net and why it carries no tax: room for it, and its own height if it wraps.
    doc.text(label, 230, y, { width: 230, align: 'right' });
    doc.text(value, 465, y, { width: 80, align: 'right' });
    y += Math.max(last ? 18 : 14, doc.heightOfString(label, { width: 230 }) + 4);
  });
  y += 16;

  for (const [heading, text] of [['Payment instructions', sheet.paymentInstructions], ['Note', sheet.note], ['View online', sheet.link]] as const) {
    if (!text) continue;
    if (y + 40 > bottom) {
      doc.addPage();
      y = PAGE.margin;
    }
    doc.font('bold').fontSize(8).fillColor(MUTED).text(heading.toUpperCase(), 50, y);
    doc.font('regular').fontSize(9).fillColor(INK).text(text, 50, doc.y + 2, { width: 495, ...(heading === 'View online' ? { link: text, underline: true } : {}) });
    y = doc.y + 14;
  }

  // A voided document says so across every page.
  const pages = doc.bufferedPageRange();
  for (let page = pages.start; page < pages.start + pages.count; page++) {
    doc.switchToPage(page);
    if (sheet.void) {
      doc.save().rotate(-30, { origin: [297, 420] }).font('bold').fontSize(110).fillColor('#c81e1e').fillOpacity(0.18).text('VOID', 120, 360, { width: 360, align: 'center', lineBreak: false }).restore();
    }
    // The footer sits in the bottom margin: pdfkit adds a page for text below the margin, so it is lifted while the
    // footer is written (every PDF had a blank page more, holding only its footer).
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(8).fillColor(MUTED).fillOpacity(1).text(`${sheet.title} ${sheet.no} · page ${page - pages.start + 1} of ${pages.count}`, 50, doc.page.height - 35, { width: 495, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  if (archived) {
    const options: AttachmentOptions = { name: archived.name, type: archived.mimeType, description: archived.description, relationship: archived.relationship, creationDate: archived.date, modifiedDate: archived.date };
    doc.file(archived.bytes, options);
    doc.appendXML(archived.xmp);
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
