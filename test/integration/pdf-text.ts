import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A PDF's text as poppler's pdftotext reads it back (`layout` keeps columns side by side). */
export function pdfText(pdf: Buffer, options: { layout?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    writeFileSync(join(dir, 'document.pdf'), pdf);
    const run = spawnSync('pdftotext', [...(options.layout ? ['-layout'] : []), join(dir, 'document.pdf'), '-'], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr}`);
    return run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How many pages a PDF has, as pdftotext reads it (each page ends in a form feed). */
export function pdfPageCount(pdf: Buffer): number {
  return (pdfText(pdf).match(/\f/g) ?? []).length;
}
