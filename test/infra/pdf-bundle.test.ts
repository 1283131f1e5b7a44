import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Sheet } from '../../shared/sales/document-sheet.ts';
import { bundleOf } from './bundle.ts';

const root = resolve(import.meta.dirname, '../..');

describe('the PDF renderer as bundled', () => {
  it('draws a document without the WOFF2 decompressor, which the TTF fonts never need', async () => {
    const bundle = await bundleOf('shared/sales/pdf.ts');
    expect(Object.keys(bundle.metafile.inputs).some((path) => path.includes('node_modules/brotli/'))).toBe(false);
    expect(Object.keys(bundle.metafile.inputs)).toContain('infra/bundling/no-woff2.mjs');
    // Inside the repository, so the bundle finds the fonts' package as the local runtime does.
    const directory = mkdtempSync(join(root, 'node_modules/.ledger-pdf-bundle-'));
    try {
      writeFileSync(join(directory, 'pdf.mjs'), bundle.code);
      const { renderSheetPdf } = (await import(pathToFileURL(join(directory, 'pdf.mjs')).href)) as { renderSheetPdf: (sheet: Sheet) => Promise<Buffer> };
      const sheet: Sheet = { title: 'Invoice', no: 'INV-00001', void: false, meta: [['Date', '2026-11-24']], from: ['Ωμέγα Λτδ'], to: ['ООО «Берёзка»'], columns: ['Description', 'Quantity', 'Unit price', 'Tax', 'Amount'], rows: [['Café', '1', '10.00', '0%', '10.00']], totals: [['Total EUR', '10.00']], paymentInstructions: null, note: null, link: null };
      const pdf = await renderSheetPdf(sheet);
      writeFileSync(join(directory, 'sheet.pdf'), pdf);
      const text = spawnSync('pdftotext', [join(directory, 'sheet.pdf'), '-'], { encoding: 'utf8' }).stdout;
      for (const expected of ['Ωμέγα Λτδ', 'ООО «Берёзка»', 'INV-00001', 'Café', 'Total EUR']) expect(text).toContain(expected);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 60_000);
});
