// What the local scripts (dev.mjs, start.mjs, serve.mjs) share about running wrangler on this machine.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { devVapidKeys } from './vapid.mjs';

/**
 * wrangler's own launcher. A long-lived wrangler is started through it rather than through npx: npx (npm
 * exec, then a shell) exits on SIGTERM without passing it on, leaving wrangler and workerd on the port;
 * this launcher passes it to wrangler, which stops workerd before it exits.
 */
const WRANGLER_BIN = fileURLToPath(new URL('../node_modules/wrangler/bin/wrangler.js', import.meta.url));
const MIGRATE = fileURLToPath(new URL('./migrate.mjs', import.meta.url));

/**
 * The Analytics Engine SQL API's account, token and address, when the shell has them: the status tab then
 * reads its figures from there (a real dataset, or a fake SQL API at CF_API_BASE) instead of the local store.
 */
const ANALYTICS_VARS = ['CF_ACCOUNT_ID', 'CF_ANALYTICS_TOKEN', 'CF_API_BASE'].flatMap((name) =>
  process.env[name] ? ['--var', `${name}:${process.env[name]}`] : [],
);

/**
 * Web Push's VAPID keys for local runs: a development pair made once under .wrangler/ (scripts/vapid.mjs),
 * so `npm start` pushes with no account and no network. Production's are the Worker's secrets.
 */
const dev = devVapidKeys();
const VAPID_VARS = [
  ...['--var', `VAPID_PUBLIC_KEY:${dev.publicKey}`],
  ...['--var', `VAPID_PRIVATE_KEY:${dev.privateKey}`],
  ...['--var', 'VAPID_SUBJECT:mailto:dev@localhost'],
];

/** wrangler.toml's [vars] are production's; a local run is development, with the human check off. */
export const LOCAL_VARS = [
  ...['--var', 'ENVIRONMENT:development', '--var', 'HUMAN_CHECK:off'],
  ...ANALYTICS_VARS,
  ...VAPID_VARS,
];

/** CLOUDFLARE_CF_FETCH_ENABLED=false stops a 3 s attempt to reach the network at start; no metrics either. */
export const offlineEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
};

/** The same, with CI=true, which answers wrangler's prompts. */
export const quietEnv = { ...offlineEnv, CI: 'true' };

/** Where wrangler keeps local data when no --persist-to is given. */
export const DEFAULT_PERSIST_DIR = '.wrangler/state';

/**
 * Applies the D1 migrations not yet applied to the local databases under `persistDirs`, side by side
 * (scripts/migrate.mjs); exits when that fails. In a process of its own: importing wrangler's module installs
 * a SIGTERM handler that exits at once, which would let start.mjs exit before the wrangler it started has
 * stopped workerd.
 */
export function applyLocalMigrations(persistDirs) {
  const result = spawnSync(process.execPath, [MIGRATE, ...persistDirs], {
    stdio: 'inherit',
    env: offlineEnv,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** `wrangler dev` in local mode on 127.0.0.1:`port`, with `flags` after those; a signal sent to it stops it all. */
export function wranglerDev(port, flags, env) {
  return spawn(
    process.execPath,
    [WRANGLER_BIN, 'dev', '--local', '--ip', '127.0.0.1', '--port', port, ...flags],
    { stdio: 'inherit', env },
  );
}
