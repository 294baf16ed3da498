// `npm start`: build the web app, apply the D1 migrations locally, serve web + API with wrangler in local mode.
// No Cloudflare account and no network: D1, R2 and Durable Objects live under .wrangler/ (or $YAMB_PERSIST_DIR).
import { spawnSync } from 'node:child_process';
import {
  applyLocalMigrations,
  DEFAULT_PERSIST_DIR,
  LOCAL_VARS,
  offlineEnv,
  quietEnv,
  wranglerDev,
} from './wrangler.mjs';

const port = process.env.PORT ?? '8787';
const persist = process.env.YAMB_PERSIST_DIR ? ['--persist-to', process.env.YAMB_PERSIST_DIR] : [];

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: quietEnv,
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
applyLocalMigrations([process.env.YAMB_PERSIST_DIR ?? DEFAULT_PERSIST_DIR]);

// --test-scheduled: GET /__scheduled runs the Cron Trigger's sweep (worker/sweep.ts) at once, as the
// tests do. Harmless here: the server listens on 127.0.0.1 only, and a sweep deletes only what has expired.
const server = wranglerDev(
  port,
  ['--show-interactive-dev-session=false', '--test-scheduled', ...LOCAL_VARS, ...persist],
  offlineEnv,
);
// SIGTERM (a process manager, Playwright) or SIGINT (Ctrl-C) is passed on to wrangler (scripts/wrangler.mjs
// says why not through npx); the script exits when wrangler has, after it stopped workerd.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
