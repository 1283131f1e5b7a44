import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ENTRY as BROWSER_ENTRY } from '../../scripts/browser-build.ts';

const root = resolve(import.meta.dirname, '../..');

/**
 * The layout of design.md, lowest first: a module may import its own layer and those below, never above. The
 * platform has no business words; the event catalogue, rule patterns and queues are vocabulary (names, no
 * records), so they sit beside it; each domain (`shared/<domain>/`, and the events' payloads, assembled from the
 * domains' schemas) sits above; then the entry points, then the local runtime and CDK.
 */
const LAYERS: readonly (readonly [string, (path: string) => boolean])[] = [
  ['platform', (path) => path.startsWith('shared/platform/') || (path.startsWith('events/') && path !== 'events/payloads.ts')],
  ['domain', (path) => path.startsWith('shared/') || path === 'events/payloads.ts'],
  ['functions', (path) => path.startsWith('functions/')],
  ['infra', (path) => path.startsWith('infra/')],
];

const layerOf = (path: string) => LAYERS.findIndex(([, owns]) => owns(path));
/**
 * A module's domain: `shared/<domain>/…`, or `events` for the payloads; none for the platform, the vocabulary beside
 * it (the catalogue's names, rule patterns, queues: the platform layer above) and the entry points.
 */
const domainOf = (path: string) => (layerOf(path) !== 1 ? null : path.startsWith('shared/') ? path.split('/')[1]! : 'events');

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

/** Each import from one domain into another, keyed `from -> to`, with the files that make it. */
function domainEdges(paths: readonly string[], textOf?: (path: string) => string): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const path of paths) {
    for (const target of importsOf(path, textOf?.(path))) {
      const [from, to] = [domainOf(path), domainOf(target)];
      if (from && to && from !== to) edges.set(`${from} -> ${to}`, [...(edges.get(`${from} -> ${to}`) ?? []), `${path} imports ${target}`]);
    }
  }
  return edges;
}

/** The domain an importer belongs to: `shared/<domain>/`, `functions/<domain>/` or the events' payloads; none for the platform and the route tables. */
const importerDomainOf = (path: string) => domainOf(path) ?? (/^functions\/(?!platform\/)[a-z-]+\//.test(path) ? path.split('/')[1]! : null);

/** Each import of another domain's file other than its `index.ts` (a domain's public entry), named by file and target. */
function intoOtherDomainsFiles(paths: readonly string[], textOf?: (path: string) => string): string[] {
  return paths.flatMap((path) => {
    const from = importerDomainOf(path);
    return importsOf(path, textOf?.(path)).flatMap((target) => {
      const to = target.startsWith('shared/') ? domainOf(target) : null;
      return from && to && to !== from && target !== `shared/${to}/index.ts` ? [`${path} imports ${target}, not shared/${to}/index.ts`] : [];
    });
  });
}

/**
 * The circles between domains, of any length: each set of domains that reach one another through their imports
 * (a strongly connected set), named `a <-> b <-> c`, with the files of the imports inside it.
 */
/**
 * The modules the browser runs: the editor's script and every module it reaches, bundled for the browser by
 * `npm run browser:build`. They take another domain's pure file rather than its index, which would bring the
 * server's modules (the DynamoDB client, Powertools) into the browser's bundle.
 */
function browserModules(entry: string): Set<string> {
  const reached = new Set<string>();
  for (const stack = [entry]; stack.length > 0; ) {
    const path = stack.pop()!;
    if (reached.has(path)) continue;
    reached.add(path);
    stack.push(...importsOf(path));
  }
  return reached;
}

function circlesOf(edges: Map<string, string[]>): { readonly name: string; readonly files: readonly string[] }[] {
  const next = new Map<string, string[]>();
  for (const edge of edges.keys()) {
    const [from, to] = edge.split(' -> ') as [string, string];
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  const reachedFrom = (start: string) => {
    const seen = new Set<string>();
    const stack = [...(next.get(start) ?? [])];
    for (let domain = stack.pop(); domain !== undefined; domain = stack.pop()) {
      if (seen.has(domain)) continue;
      seen.add(domain);
      stack.push(...(next.get(domain) ?? []));
    }
    return seen;
  };
  const reach = new Map([...next.keys()].map((domain) => [domain, reachedFrom(domain)]));
  const circles = new Map<string, string[]>();
  for (const [domain, reached] of reach) {
    if (!reached.has(domain)) continue;
    const members = [...reached].filter((other) => reach.get(other)?.has(domain)).sort();
    circles.set(members.join(' <-> '), members);
  }
  return [...circles].sort(([a], [b]) => a.localeCompare(b)).map(([name, members]) => ({
    name,
    files: [...edges].filter(([edge]) => members.includes(edge.split(' -> ')[0]!) && members.includes(edge.split(' -> ')[1]!)).flatMap(([, files]) => files),
  }));
}

describe('dependencies point one way', () => {
  const all = ['shared', 'functions', 'events', 'infra'].flatMap(sources);
  const edges = domainEdges(all);
  const browser = browserModules(relative(root, BROWSER_ENTRY));

  it('assigns every module of the service a layer (.ts and .tsx alike)', () => {
    expect(all.filter((path) => layerOf(path) < 0)).toEqual([]);
    expect(all.some((path) => path.endsWith('.tsx'))).toBe(true);
  });

  it('has no import from a lower layer to a higher one, and names the file and import of one that appears', () => {
    expect(upwardImports(all)).toEqual([]);
  });

  it('keeps the ledger at the bottom: it imports no other domain, and names the files that do', () => {
    expect([...edges.entries()].filter(([edge]) => edge.startsWith('ledger -> ')).flatMap(([, files]) => files)).toEqual([]);
  });

  it('has no circle between domains, of two or more, and names the files of one that appears', () => {
    expect(circlesOf(edges).flatMap((circle) => circle.files)).toEqual([]);
  });

  it('enters another domain only through its index.ts, the ledger too, from shared and functions alike', () => {
    expect(intoOtherDomainsFiles(all.filter((path) => !browser.has(path)))).toEqual([]);
  });

  it("keeps the browser's modules to pure files: none imports an index, which would bring the server's modules in", () => {
    expect(browser.size).toBeGreaterThan(2);
    expect([...browser].flatMap((path) => importsOf(path).filter((target) => target.endsWith('/index.ts')).map((target) => `${path} imports ${target}`))).toEqual([]);
  });

  it('catches upward imports and new circles, static, type-only and dynamic, in .ts and .tsx (the check can fail)', () => {
    const planted: Record<string, string> = {
      'shared/platform/core/planted.ts': "import type { Route } from '../../../functions/routes.ts';",
      'shared/platform/web/planted.tsx': "import { money } from '../../cash/cash.ts';",
      'shared/items/planted.ts': "const table = await import('../../functions/routes.ts');",
      'shared/webhooks/planted.tsx': "export { money } from '../cash/cash.ts';",
      'shared/cash/planted.ts': "import type { Endpoint } from '../webhooks/endpoints.ts';",
      'shared/items/planted-circle.ts': "import { parties } from '../parties/index.ts';",
      'shared/parties/planted.ts': "import { lines } from '../banking/index.ts';",
      'shared/banking/planted.ts': "import { itemStore } from '../items/index.ts';",
    };
    expect(upwardImports(Object.keys(planted), (path) => planted[path]!)).toEqual([
      'shared/platform/core/planted.ts (platform) imports functions/routes.ts (functions)',
      'shared/platform/web/planted.tsx (platform) imports shared/cash/cash.ts (domain)',
      'shared/items/planted.ts (domain) imports functions/routes.ts (functions)',
    ]);
    expect(circlesOf(domainEdges(Object.keys(planted), (path) => planted[path]!)).map((circle) => circle.name)).toEqual(['banking <-> items <-> parties', 'cash <-> webhooks']);
    expect(circlesOf(domainEdges(Object.keys(planted), (path) => planted[path]!))[0]!.files).toEqual([
      'shared/items/planted-circle.ts imports shared/parties/index.ts',
      'shared/parties/planted.ts imports shared/banking/index.ts',
      'shared/banking/planted.ts imports shared/items/index.ts',
    ]);
    const entered: Record<string, string> = {
      'shared/items/planted.ts': "import { money } from '../cash/cash.ts';",
      'functions/sales/planted.tsx': "import type { Party } from '../../shared/parties/schemas.ts';",
      'functions/banking/planted.ts': "import { parties } from '../../shared/parties/index.ts'; import { journalStore } from '../../shared/ledger/journal.ts'; import { post } from '../../shared/ledger/index.ts'; import { lines } from '../../shared/banking/lines.ts';",
      'events/payloads.ts': "import { Refund } from '../shared/cash/refunds.ts';",
    };
    expect(intoOtherDomainsFiles(Object.keys(entered), (path) => entered[path]!)).toEqual([
      'shared/items/planted.ts imports shared/cash/cash.ts, not shared/cash/index.ts',
      'functions/sales/planted.tsx imports shared/parties/schemas.ts, not shared/parties/index.ts',
      'functions/banking/planted.ts imports shared/ledger/journal.ts, not shared/ledger/index.ts',
      'events/payloads.ts imports shared/cash/refunds.ts, not shared/cash/index.ts',
    ]);
  });
});
