// The JavaScript the first load of `/` fetches, gzipped: the entry script of the built index.html and every
// chunk it imports statically (its modulepreload links, and their own static imports), not the chunks
// loaded on demand (other screens, the other language, the hint worker). Reads the build, builds nothing:
// `npm run bench` measures dist/web as it is (scripts/start.mjs builds only when it is missing), so build
// first (`npm run build`) after changing web/. BENCH_WEB_DIR points at another build (e.g. /tmp/fl-dist).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIR = process.env.BENCH_WEB_DIR ?? 'dist/web';
const TARGET_KB = 150;

const indexFile = join(DIR, 'index.html');
if (!existsSync(indexFile)) {
  console.error(`first-load  no build at ${indexFile}: run \`npm run build\` (or set BENCH_WEB_DIR)`);
  process.exit(1);
}
const html = readFileSync(indexFile, 'utf8');

/** The asset paths an HTML tag list names: module scripts and modulepreload links. */
const entries = [
  ...[...html.matchAll(/<script\b[^>]*type="module"[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => m[1]),
];

// A static import in a built chunk: `import{a as b}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`.
// `import("./x.js")` (on demand) has a parenthesis after `import` and does not match.
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g;

const seen = new Map();
const queue = entries.map((src) => join(DIR, src.replace(/^\//, '')));
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  const code = readFileSync(file);
  seen.set(file, gzipSync(code).length);
  for (const [, relative] of code.toString('utf8').matchAll(STATIC_IMPORT))
    queue.push(join(file, '..', relative));
}

const kB = (bytes) => (bytes / 1000).toFixed(1);
const total = [...seen.values()].reduce((sum, n) => sum + n, 0);
const files = [...seen]
  .sort((a, b) => b[1] - a[1])
  .map(([file, bytes]) => `${file.split('/').pop()} ${kB(bytes)}`)
  .join(', ');
console.log(`first-load  js ${kB(total)} kB gzip (target < ${TARGET_KB})  ${seen.size} files: ${files}`);
