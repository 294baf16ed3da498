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
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions, unstable_splitSqlQuery } from 'wrangler';
import { LOCAL_VARS, quietEnv } from './wrangler.mjs';

const port = Number(process.env.PORT ?? '8787');
// wrangler's own default when no --persist-to is given.
const persistDir = process.env.YAMB_PERSIST_DIR ?? '.wrangler/state';
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

const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');
// As wrangler dev: D1 under <persist>/v3/d1, R2 under v3/r2, the Durable Objects under v3/do.
const persistRoot = join(persistDir, 'v3');

/**
 * Applies the D1 migrations not yet applied, as `wrangler d1 migrations apply --local` does (the same
 * d1_migrations table, each migration and its row in one batch), from this process: wrangler's CLI took 7 of a
 * server's 9.6 s to start, and the browser tests start their servers one after another. A Miniflare of its own,
 * gone before the app's opens its port, so no request meets a database without its tables.
 */
async function applyMigrations() {
  const migrator = new Miniflare({
    modules: true,
    script: 'export default {}',
    defaultPersistRoot: persistRoot,
    d1Databases: workerOptions.d1Databases,
  });
  try {
    const db = await migrator.getD1Database('DB');
    await db
      .prepare(
        'CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, ' +
          'applied_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)',
      )
      .run();
    const applied = new Set(
      (await db.prepare('SELECT name FROM d1_migrations').all()).results.map((r) => r.name),
    );
    const files = readdirSync('migrations').filter((name) => name.endsWith('.sql') && !applied.has(name));
    for (const name of files.sort()) {
      const queries = unstable_splitSqlQuery(readFileSync(join('migrations', name), 'utf8'));
      await db.batch([
        ...queries.map((query) => db.prepare(query)),
        db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(name),
      ]);
    }
  } finally {
    await migrator.dispose();
  }
}
await applyMigrations();

/** LOCAL_VARS (`--var NAME:value` pairs for wrangler dev) as bindings. */
const localVars = Object.fromEntries(
  LOCAL_VARS.flatMap((arg, i) => {
    if (LOCAL_VARS[i - 1] !== '--var') return [];
    const colon = arg.indexOf(':');
    return [[arg.slice(0, colon), arg.slice(colon + 1)]];
  }),
);

const mf = new Miniflare({
  host: '127.0.0.1',
  port,
  defaultPersistRoot: persistRoot,
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
console.log(`Yamb on http://127.0.0.1:${port} (Miniflare, data in ${persistDir})`);

// SIGTERM (Playwright, a process manager) or SIGINT (Ctrl-C): workerd is stopped before the script exits.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    mf.dispose().finally(() => process.exit(0));
  });
}
