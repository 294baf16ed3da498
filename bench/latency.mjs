// Latency of a move against a running app (`npm run bench` starts one; or BENCH_URL=http://host:port).
// Measures N requests each of: an echo through a game room (the baseline: Worker → Durable Object → back),
// a roll, a fill, and the time until a watcher's WebSocket receives the GAME message of a fill.
// N: first argument or BENCH_N (default 200).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import WebSocket from 'ws';

const BASE = process.env.BENCH_URL ?? 'http://127.0.0.1:8791';
const N = Number(process.argv[2] ?? process.env.BENCH_N ?? 200);
const WARMUP = 20;
const TARGET_RATIO = 1.5;

// The rules live once, in game/ (TypeScript), the wire shapes in contract/: bundle them for plain Node so the bench picks boxes the
// same way the server judges them, instead of a second copy of the rules here.
async function loadRules() {
  const dir = mkdtempSync(join(tmpdir(), 'yamb-bench-'));
  const file = join(dir, 'game.mjs');
  const bundle = await build({
    stdin: {
      contents: "export * from './game/index.ts'; export { toGameState } from './contract/games.ts';",
      resolveDir: '.',
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    write: false,
  });
  writeFileSync(file, bundle.outputFiles[0].text);
  const rules = await import(pathToFileURL(file).href);
  rmSync(dir, { recursive: true, force: true });
  return rules;
}
const { fillableBoxes, canAnnounce, BOX_TYPES, toGameState } = await loadRules();

/** One visitor: a cookie jar and the Origin a browser would send. */
function client() {
  const jar = new Map();
  const origin = new URL(BASE).origin;
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function call(method, path, body) {
    const response = await fetch(BASE + path, {
      method,
      headers: { Origin: origin, Cookie: cookie(), 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${json.key}`);
    return json;
  }
  return { call, cookie };
}

async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
}

// --- set up: a player, their game, and a watcher on it ------------------------------------------------
const player = client();
const me = await player.call('POST', '/api/auth/register-guest', {});
let game = await player.call('PUT', '/api/games/', { playerId: me.id });

const spectator = client();
await spectator.call('POST', '/api/auth/register-guest', {});

/** A watcher socket on the current game; `next()` resolves with the next GAME message. */
async function watch(gameId) {
  const socket = new WebSocket(`${BASE.replace(/^http/, 'ws')}/api/ws/games/${gameId}`, {
    headers: { Cookie: spectator.cookie(), Origin: new URL(BASE).origin },
  });
  const queue = [];
  const waiting = [];
  socket.on('message', (data) => {
    const message = { at: performance.now(), body: JSON.parse(String(data)) };
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => waiting.push(r)));
  await next(); // the greeting with the current game
  return { next, close: () => socket.close() };
}

let watcher = await watch(game.id);

/** Moves the game along so the next action is possible; every move here is one broadcast to drain. */
async function act(path, body) {
  game = await player.call('PUT', `/api/games/${game.id}/${path}`, body);
  await watcher.next();
  return game;
}

/** Fills boxes until a roll is allowed; a finished game is archived, which answers the next one. */
async function ensureRollable() {
  while (!game._links.roll) {
    if (game.status === 'COMPLETED') {
      game = await player.call('PUT', `/api/games/${game.id}/archive`);
      watcher.close();
      watcher = await watch(game.id);
    } else {
      await fillFirst();
    }
  }
}

/** Fills the first box the rules allow, announcing first when only announcement boxes are left. */
async function fillFirst(measure) {
  let boxes = fillableBoxes(toGameState(game));
  if (boxes.length === 0) {
    const box = BOX_TYPES.find((b) => canAnnounce(toGameState(game), b));
    await act('announce', { boxType: box });
    boxes = fillableBoxes(toGameState(game));
  }
  const { column, box } = boxes[0];
  if (!measure) return act('fill', { columnType: column, boxType: box });
  const started = performance.now();
  const [response, message] = await Promise.all([
    timed(() => player.call('PUT', `/api/games/${game.id}/fill`, { columnType: column, boxType: box })),
    watcher.next(),
  ]);
  game = response.result;
  return { fill: response.ms, watcher: message.at - started };
}

// --- measure -------------------------------------------------------------------------------------------
const samples = { echo: [], roll: [], fill: [], watcher: [] };

for (let i = 0; i < WARMUP + N; i++) {
  const { ms } = await timed(() => player.call('GET', `/api/dev/echo/${game.id}`));
  if (i >= WARMUP) samples.echo.push(ms);
}

for (let i = 0; i < WARMUP + N; i++) {
  await ensureRollable();
  const { ms, result } = await timed(() => player.call('PUT', `/api/games/${game.id}/roll`, {}));
  game = result;
  await watcher.next();
  if (i >= WARMUP) samples.roll.push(ms);
}

for (let i = 0; i < WARMUP + N; i++) {
  await ensureRollable();
  if (game.rollCount === 0) await act('roll', {});
  const measured = await fillFirst(true);
  if (i >= WARMUP) {
    samples.fill.push(measured.fill);
    samples.watcher.push(measured.watcher);
  }
}
watcher.close();

// --- report --------------------------------------------------------------------------------------------
const rows = [
  ['echo (Worker → room → back)', summary(samples.echo)],
  ['roll', summary(samples.roll)],
  ['fill', summary(samples.fill)],
  ['watcher gets GAME after fill', summary(samples.watcher)],
];
const echoP50 = rows[0][1].p50;
const fmt = (ms) => ms.toFixed(2).padStart(8);
console.log(`\nLatency, ${N} samples each after ${WARMUP} warm-up, against ${BASE} (ms)\n`);
console.log(`${'operation'.padEnd(30)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'p50/echo'.padStart(10)}`);
console.log('-'.repeat(56));
for (const [name, s] of rows) {
  console.log(
    `${name.padEnd(30)}${fmt(s.p50)}${fmt(s.p99)}${`${(s.p50 / echoP50).toFixed(2)}x`.padStart(10)}`,
  );
}
const rollRatio = rows[1][1].p50 / echoP50;
const fillRatio = rows[2][1].p50 / echoP50;
const pass = rollRatio <= TARGET_RATIO && fillRatio <= TARGET_RATIO;
console.log(
  `\nroll/echo ${rollRatio.toFixed(2)}x, fill/echo ${fillRatio.toFixed(2)}x — target ≤ ${TARGET_RATIO}x: ${pass ? 'met' : 'NOT met'}`,
);
