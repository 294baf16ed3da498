// `npm start`: build the web app, apply the D1 migrations locally, serve web + API with wrangler in local mode.
// No Cloudflare account and no network: D1, R2 and Durable Objects live under .wrangler/ (or $YAMB_PERSIST_DIR).
import { spawn, spawnSync } from 'node:child_process';

const port = process.env.PORT ?? '8787';
// wrangler.toml's [vars] are production's; a local run is development, with the human check off.
const LOCAL_VARS = ['--var', 'ENVIRONMENT:development', '--var', 'HUMAN_CHECK:off'];
const persist = process.env.YAMB_PERSIST_DIR ? ['--persist-to', process.env.YAMB_PERSIST_DIR] : [];
const quiet = {
  ...process.env,
  CI: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
};

function run(command, args, env = quiet) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!process.argv.includes('--no-build')) run('npx', ['vite', 'build', '--logLevel', 'warn']);
// CI=true answers wrangler's "apply these migrations?" prompt.
run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', ...persist]);

const server = spawn(
  'npx',
  [
    'wrangler',
    'dev',
    '--local',
    '--ip',
    '127.0.0.1',
    '--port',
    port,
    '--show-interactive-dev-session=false',
    ...LOCAL_VARS,
    ...persist,
  ],
  // CLOUDFLARE_CF_FETCH_ENABLED=false stops a 3 s attempt to reach the network at start.
  {
    stdio: 'inherit',
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
