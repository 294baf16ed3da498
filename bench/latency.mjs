// Latency of a move against a running app (`npm run bench` starts one; or BENCH_URL=http://host:port).
// Measures N requests each of: an echo through a game room (the baseline: Worker → Durable Object → back),
// a roll, a fill, and the time until a watcher's WebSocket receives the GAME message of a fill.
// N: first argument or BENCH_N (default 200).
import { BASE, client, fmt, listen, loadRules, summary, timed } from './lib/harness.mjs';

const N = Number(process.argv[2] ?? process.env.BENCH_N ?? 200);
const WARMUP = 20;
const TARGET_RATIO = 1.5;

const { fillableBoxes, canAnnounce, BOX_TYPES, toGameState } = await loadRules();

// --- set up: a player, their game, and a watcher on it ------------------------------------------------
const player = client();
const me = await player.call('POST', '/api/auth/register-guest', {});
let game = await player.call('PUT', '/api/games/', { playerId: me.id });

const spectator = client();
await spectator.call('POST', '/api/auth/register-guest', {});

/** A watcher socket on the current game, past its greeting with the current game. */
async function watch(gameId) {
  const socket = await listen(`/api/ws/games/${gameId}`, spectator);
  await socket.next();
  return socket;
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
