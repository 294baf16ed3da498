// What the local scripts (dev.mjs, start.mjs) share about running wrangler on this machine.
import { spawn, spawnSync } from 'node:child_process';

/** wrangler.toml's [vars] are production's; a local run is development, with the human check off. */
export const LOCAL_VARS = ['--var', 'ENVIRONMENT:development', '--var', 'HUMAN_CHECK:off'];

/** CLOUDFLARE_CF_FETCH_ENABLED=false stops a 3 s attempt to reach the network at start; no metrics either. */
export const offlineEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
};

/** The same, with CI=true, which answers wrangler's "apply these migrations?" prompt. */
export const quietEnv = { ...offlineEnv, CI: 'true' };

/** Applies the D1 migrations to the local database (`flags`: where it lives); exits when that fails. */
export function applyLocalMigrations(flags = []) {
  const result = spawnSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', ...flags], {
    stdio: 'inherit',
    env: quietEnv,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** `wrangler dev` in local mode on 127.0.0.1:`port`, with `flags` after those. */
export function wranglerDev(port, flags, env) {
  return spawn('npx', ['wrangler', 'dev', '--local', '--ip', '127.0.0.1', '--port', port, ...flags], {
    stdio: 'inherit',
    env,
  });
}
