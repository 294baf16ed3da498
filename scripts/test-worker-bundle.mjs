// The Worker as the Workers-runtime tests load it: one esbuild bundle, built when vitest starts.
//
// Each test file gets a workerd of its own, which loads the Worker (the pool's `main`) and the modules the
// test imports through Vite's module runner, one request per module: about 200 of them, 1.3–2.9 s a file.
// From a bundle it is a handful of files. The bundle has an entry for the Worker and one for every module of
// the server that a test imports, split into shared chunks, so a test and the Worker share one copy of each
// module (the same Hono app, the same Durable Object classes, the same module state).
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const SERVER_DIRS = ['worker', 'durable-objects', 'contract', 'game'];
const TEST_DIR = 'test/worker';

/**
 * What the test files import: the server's modules (relative paths without extension) and the packages
 * ('hono/jwt', 'fast-check'...).
 */
function testImports(root) {
  const modules = new Set(['worker/index']);
  const packages = new Set();
  for (const file of readdirSync(join(root, TEST_DIR), { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    const from = dirname(join(root, TEST_DIR, file));
    const source = readFileSync(join(root, TEST_DIR, file), 'utf8');
    for (const [, specifier] of source.matchAll(/from '([^']+)'/g)) {
      if (!specifier.startsWith('.')) {
        // Not `cloudflare:test` nor vitest itself, which the pool provides.
        if (!specifier.includes(':') && !/^vitest(\/|$)/.test(specifier)) packages.add(specifier);
        continue;
      }
      const path = relative(root, resolve(from, specifier)).replace(/\.tsx?$/, '');
      if (SERVER_DIRS.some((dir) => path.startsWith(`${dir}/`))) modules.add(path);
    }
  }
  return { modules: [...modules].sort(), packages: [...packages].sort() };
}

function sourceFile(root, module) {
  const found = ['.ts', '.tsx', '/index.ts'].map((end) => join(root, module + end)).find(existsSync);
  if (!found) throw new Error(`test-worker-bundle: no source for ${module}`);
  return found;
}

/**
 * Bundles the Worker into `outdir` and returns the pool's `main`, a Vite plugin that sends the tests'
 * imports of the server's modules to their entries in the bundle, and the packages the tests import
 * themselves (for Vite's dependency optimizer).
 */
export async function bundleTestWorker(root, outdir) {
  const { modules, packages } = testImports(root);
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(modules.map((module) => [module, sourceFile(root, module)])),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2024',
    // As wrangler bundles for workerd.
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    external: ['cloudflare:*', 'node:*'],
    // Half the code to send to each file's workerd and compile there (a tenth off the layer); names are kept,
    // and the source map points a stack trace back at the source.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  const entries = new Map(modules.map((module) => [join(root, module), join(outdir, `${module}.js`)]));
  const plugin = {
    name: 'yamb-test-worker-bundle',
    enforce: 'pre',
    resolveId(specifier, importer) {
      if (!importer || !specifier.startsWith('.')) return null;
      return entries.get(resolve(dirname(importer), specifier).replace(/\.tsx?$/, '')) ?? null;
    },
  };
  return { main: join(outdir, 'worker/index.js'), plugin, packages };
}
