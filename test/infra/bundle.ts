import { resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { BUNDLE_ALIASES, BUNDLE_EXTERNALS } from '../../infra/constructs/service-function.ts';

const root = resolve(import.meta.dirname, '../..');

export interface Bundle {
  readonly bytes: number;
  readonly code: Uint8Array;
  /** Repository paths of the service's own modules inside the bundle. */
  readonly modules: readonly string[];
  readonly metafile: Metafile;
}

/**
 * One function's bundle, built as CDK's NodejsFunction builds it (ESM, Node 24, minified, the AWS SDK left to the
 * Lambda runtime and Powertools to its layer), with esbuild's metafile to say what went in.
 */
export async function bundleOf(entry: string): Promise<Bundle> {
  const result = await build({
    entryPoints: [resolve(root, entry)],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    minify: true,
    mainFields: ['module', 'main'],
    external: BUNDLE_EXTERNALS,
    alias: BUNDLE_ALIASES,
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  // What the bundle's code holds: a module esbuild read but dropped whole (unused, and free of side effects by the
  // package's "sideEffects": false, as a domain's index re-exports) is not carried.
  const modules = Object.entries(Object.values(result.metafile.outputs)[0]!.inputs).filter(([path, input]) => !path.startsWith('node_modules/') && input.bytesInOutput > 0).map(([path]) => path);
  return { bytes: code.byteLength, code, modules, metafile: result.metafile };
}
