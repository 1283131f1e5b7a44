import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/**
 * The layers of design.md, lowest first: a module may import its own layer and those below, never above.
 * The event catalogue and rule patterns are vocabulary (data with no imports of the service), so they sit with
 * the domain; the local runtime and CDK (infra) sit on top of everything.
 */
const LAYERS: readonly (readonly [string, (path: string) => boolean])[] = [
  ['domain', (path) => path.startsWith('shared/domain/') || path === 'shared/config.ts' || path.startsWith('events/')],
  ['db', (path) => path.startsWith('shared/db/')],
  ['features', (path) => path.startsWith('shared/') && !path.startsWith('shared/http/')],
  ['http', (path) => path.startsWith('shared/http/')],
  ['functions', (path) => path.startsWith('functions/')],
  ['infra', (path) => path.startsWith('infra/')],
];

const layerOf = (path: string) => LAYERS.findIndex(([, owns]) => owns(path));

function sources(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name);
    return statSync(join(root, path)).isDirectory() ? sources(path) : /\.tsx?$/.test(path) ? [path] : [];
  });
}

/** Every relative import of a module (static, re-exports and dynamic import()), as repository paths. */
function importsOf(path: string, text = readFileSync(join(root, path), 'utf8')): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.map((file) => file.fileName).filter((name) => name.startsWith('.')).map((name) => relative(root, resolve(root, dirname(path), name)));
}

function upwardImports(paths: readonly string[], textOf?: (path: string) => string): string[] {
  return paths.flatMap((path) =>
    importsOf(path, textOf?.(path))
      .filter((target) => layerOf(target) > layerOf(path))
      .map((target) => `${path} (${LAYERS[layerOf(path)]![0]}) imports ${target} (${LAYERS[layerOf(target)]![0]})`),
  );
}

describe('layers point one way', () => {
  const all = ['shared', 'functions', 'events', 'infra'].flatMap(sources);

  it('assigns every module of the service a layer', () => {
    expect(all.filter((path) => layerOf(path) < 0)).toEqual([]);
  });

  it('has no import from a lower layer to a higher one', () => {
    expect(upwardImports(all)).toEqual([]);
  });

  it('catches upward imports, static, type-only and dynamic (the check can fail)', () => {
    const planted: Record<string, string> = {
      'shared/domain/planted.ts': "import type { Route } from '../../functions/routes.ts';",
      'shared/banking/planted.ts': "import { ApiError } from '../http/errors.ts';",
      'shared/http/planted.ts': "const table = await import('../../functions/routes.ts');",
      'shared/db/planted.ts': "export { money } from '../money/money.ts';",
      'shared/money/planted.ts': "import { db } from '../db/client.ts'; import { toMinor } from '../domain/money.ts';",
      'shared/dashboard/views/planted.tsx': "import type { Form } from '../../http/web.ts';",
    };
    expect(upwardImports(Object.keys(planted), (path) => planted[path]!)).toEqual([
      'shared/domain/planted.ts (domain) imports functions/routes.ts (functions)',
      'shared/banking/planted.ts (features) imports shared/http/errors.ts (http)',
      'shared/http/planted.ts (http) imports functions/routes.ts (functions)',
      'shared/db/planted.ts (db) imports shared/money/money.ts (features)',
      'shared/dashboard/views/planted.tsx (features) imports shared/http/web.ts (http)',
    ]);
  });
});
