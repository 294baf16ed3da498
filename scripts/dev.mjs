// `npm run dev`: wrangler serves the API and the rooms on 8787 (reloading the Worker on change);
// Vite serves the web app with hot reload on 5173 and proxies /api (and its WebSockets) to wrangler.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';

const env = {
  ...process.env,
  CI: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
};
// wrangler refuses to start while the [assets] directory is missing; Vite serves the real app in dev.
if (!existsSync('dist/web')) {
  mkdirSync('dist/web', { recursive: true });
  writeFileSync('dist/web/index.html', '<!doctype html><title>Yamb</title>');
}
const migrate = spawnSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local'], {
  stdio: 'inherit',
  env,
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const children = [
  // wrangler.toml's [vars] are production's; a local run is development, with the human check off.
  spawn(
    'npx',
    [
      'wrangler',
      'dev',
      '--local',
      '--ip',
      '127.0.0.1',
      '--port',
      '8787',
      '--var',
      'ENVIRONMENT:development',
      '--var',
      'HUMAN_CHECK:off',
    ],
    { stdio: 'inherit', env },
  ),
  spawn('npx', ['vite'], { stdio: 'inherit', env: process.env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
