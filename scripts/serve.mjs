// `node scripts/serve.mjs [--no-build | --build-only]`: the app as the browser tests use it. The same Worker,
// assets, bindings and local data as `npm start`, run by Miniflare's API in one workerd, without `wrangler dev`:
// wrangler dev puts a proxy Worker (a second workerd) in front of the app, and under two test workers that proxy
// now and then never answered one request of a page (test/e2e/servers.ts). Here the browser talks to the app's workerd itself.
//
// Built once: the web app (vite) into dist/web, the Worker (`wrangler deploy --dry-run`, wrangler's own
// bundling) into dist/worker; --no-build serves what is there. The D1 migrations are applied and the data lives
// where wrangler keeps it ($YAMB_PERSIST_DIR, or .wrangler/state), so `wrangler d1 execute --local` and
// `npm run admin` reach the same database. The bindings come from wrangler.toml as wrangler reads them.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { applyLocalMigrations, DEFAULT_PERSIST_DIR, LOCAL_VARS, quietEnv } from './wrangler.mjs';

/**
 * The servers to run: one on $PORT with its data in $YAMB_PERSIST_DIR, or those $YAMB_SERVERS lists
 * (`8788=.wrangler/e2e/w0,8789=.wrangler/e2e/w1`), each with a database of its own, started side by side:
 * the browser tests' servers (playwright.config.ts) are ready in about the time of one.
 */
const servers = process.env.YAMB_SERVERS
  ? process.env.YAMB_SERVERS.split(',').map((server) => {
      const [port, persistDir] = server.split('=');
      return { port: Number(port), persistDir };
    })
  : [
      {
        port: Number(process.env.PORT ?? '8787'),
        persistDir: process.env.YAMB_PERSIST_DIR ?? DEFAULT_PERSIST_DIR,
      },
    ];
const bundleDir = 'dist/worker';
const entry = join(bundleDir, 'serve-entry.mjs');

function run(args) {
  const result = spawnSync('npx', args, { stdio: 'inherit', env: { ...quietEnv, WRANGLER_LOG: 'warn' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// `wrangler dev --test-scheduled` (npm start) runs the Cron Trigger's handler on GET /__scheduled, from a
// middleware it bundles in front of the Worker. This entry does the same in front of the deployable bundle;
// wrangler.toml's run_worker_first sends /__scheduled to the Worker.
const ENTRY = `import worker from './index.js';
export * from './index.js';
export default {
  ...worker,
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname !== '/__scheduled') return worker.fetch(request, env, ctx);
    const controller = { cron: url.searchParams.get('cron') ?? '', scheduledTime: Date.now(), noRetry() {} };
    await worker.scheduled(controller, env, ctx);
    return new Response('Ran scheduled event');
  },
};
`;

if (!process.argv.includes('--no-build') || !existsSync(entry)) {
  if (!process.argv.includes('--no-build')) run(['vite', 'build', '--logLevel', 'warn']);
  run(['wrangler', 'deploy', '--dry-run', '--outdir', bundleDir]);
  writeFileSync(entry, ENTRY);
}
// --build-only: `npm test` builds while it typechecks and lints, then its browser servers serve that build.
if (process.argv.includes('--build-only')) process.exit(0);

applyLocalMigrations(servers.map((server) => server.persistDir));
const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');

/** LOCAL_VARS (`--var NAME:value` pairs for wrangler dev) as bindings. */
const localVars = Object.fromEntries(
  LOCAL_VARS.flatMap((arg, i) => {
    if (LOCAL_VARS[i - 1] !== '--var') return [];
    const colon = arg.indexOf(':');
    return [[arg.slice(0, colon), arg.slice(colon + 1)]];
  }),
);

/** One server: the Worker in a workerd of its own on `port`, its D1, R2 and Durable Objects under `persistDir`. */
async function serve({ port, persistDir }) {
  const mf = new Miniflare({
    host: '127.0.0.1',
    port,
    // As wrangler dev: D1 under <persist>/v3/d1, R2 under v3/r2, the Durable Objects under v3/do.
    defaultPersistRoot: join(persistDir, 'v3'),
    workers: [
      {
        ...workerOptions,
        name: 'yamb',
        modules: true,
        scriptPath: entry,
        // wrangler's bundle is an ES module named index.js (Miniflare takes *.js for CommonJS).
        modulesRules: [{ type: 'ESModule', include: ['**/*.js'] }, ...workerOptions.modulesRules],
        bindings: { ...workerOptions.bindings, ...localVars },
      },
    ],
  });
  await mf.ready;
  return mf;
}

const running = await Promise.all(servers.map(serve));
// Only once every server answers: the browser tests wait for the last of these lines.
for (const { port, persistDir } of servers)
  console.log(`Yamb on http://127.0.0.1:${port} (Miniflare, data in ${persistDir})`);

// SIGTERM (Playwright, a process manager) or SIGINT (Ctrl-C): workerd is stopped before the script exits.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    Promise.allSettled(running.map((mf) => mf.dispose())).finally(() => process.exit(0));
  });
}
