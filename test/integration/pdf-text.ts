import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** What poppler reads of a PDF beside its text: its XMP metadata (pdfinfo -meta) and its embedded files (pdfdetach). */
export function pdfArchive(pdf: Buffer): { readonly xmp: string; readonly files: ReadonlyMap<string, Buffer> } {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-archive-'));
  try {
    const path = join(dir, 'document.pdf');
    writeFileSync(path, pdf);
    const meta = spawnSync('pdfinfo', ['-meta', path], { encoding: 'utf8' });
    if (meta.status !== 0) throw new Error(`pdfinfo failed: ${meta.stderr}`);
    const list = spawnSync('pdfdetach', ['-list', path], { encoding: 'utf8' });
    if (list.status !== 0) throw new Error(`pdfdetach failed: ${list.stderr}`);
    const names = list.stdout.split('\n').flatMap((line) => /^\d+: (.+)$/.exec(line)?.[1] ?? []);
    const files = new Map<string, Buffer>();
    names.forEach((name, index) => {
      const out = join(dir, `file-${index + 1}`);
      const saved = spawnSync('pdfdetach', ['-save', String(index + 1), '-o', out, path], { encoding: 'utf8' });
      if (saved.status !== 0) throw new Error(`pdfdetach -save failed: ${saved.stderr}`);
      files.set(name, readFileSync(out));
    });
    return { xmp: meta.stdout, files };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
