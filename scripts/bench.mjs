// `npm run bench`: start the app on its own port with a fresh local database, run every bench/*.mjs
// against it, then stop it. Extra arguments go to each benchmark (e.g. `npm run bench -- 500`).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const PORT = process.env.BENCH_PORT ?? '8791';
const PERSIST = '.wrangler/bench';
const BASE = `http://127.0.0.1:${PORT}`;
const STARTUP_TIMEOUT_MS = 120_000;

// Another app on the port would answer the health check and be measured instead of ours.
const busy = await fetch(`${BASE}/api/health`).then(
  () => true,
  () => false,
);
if (busy) {
  console.error(`something already answers on ${BASE}; stop it or set BENCH_PORT`);
  process.exit(1);
}

rmSync(PERSIST, { recursive: true, force: true });
mkdirSync(PERSIST, { recursive: true });
const logFile = join(PERSIST, 'server.log');
const log = createWriteStream(logFile);

// The server's own request log would drown the figures: it goes to a file.
const server = spawn(
  'node',
  ['scripts/start.mjs', ...(existsSync('dist/web/index.html') ? ['--no-build'] : [])],
  {
    env: { ...process.env, PORT, YAMB_PERSIST_DIR: PERSIST },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping it also stops the wrangler and workerd processes under it.
    detached: true,
  },
);
server.stdout.pipe(log);
server.stderr.pipe(log);
let exited = false;
server.on('exit', () => {
  exited = true;
});

function stop() {
  if (exited) return;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stop();
    process.exit(130);
  });
}

async function waitForHealth() {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the app exited during start; see ${logFile}`);
    try {
      const response = await fetch(`${BASE}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no healthy answer from ${BASE}/api/health within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

let failed = false;
try {
  console.log(`starting the app on ${BASE} (log: ${logFile}) …`);
  await waitForHealth();
  for (const file of readdirSync('bench')
    .filter((f) => f.endsWith('.mjs'))
    .sort()) {
    console.log(`\n▶ bench/${file}`);
    // Not spawnSync: this process must keep draining the server's output pipe while a bench runs,
    // or the server blocks on a full pipe mid-benchmark.
    const code = await new Promise((resolve) => {
      const bench = spawn('node', [join('bench', file), ...process.argv.slice(2)], {
        stdio: 'inherit',
        env: { ...process.env, BENCH_URL: BASE },
      });
      bench.on('exit', (status, signal) => resolve(status ?? signal));
    });
    if (code !== 0) {
      console.error(`bench/${file} failed (${code})`);
      failed = true;
    }
  }
} catch (error) {
  console.error(String(error));
  failed = true;
} finally {
  stop();
}
process.exit(failed ? 1 : 0);
