// Latency of a move against a running app (`npm run bench` starts one; or BENCH_URL=http://host:port).
// Measures N requests each of: an echo through a game room (the baseline: Worker → Durable Object → back),
// then for a CLASSIC game and a BALKAN one (six dice, six columns: issue 27) a roll, a fill, and the time
// until a watcher's WebSocket receives the GAME message of a fill.
// N: first argument or BENCH_N (default 200).
import { BASE, client, fmt, listen, loadRules, summary, timed } from './lib/harness.mjs';

const N = Number(process.argv[2] ?? process.env.BENCH_N ?? 200);
const WARMUP = 20;
const TARGET_RATIO = 1.5;

const { fillableBoxes, canAnnounce, BOX_TYPES, toGameState } = await loadRules();

// --- set up: a player, their game of one preset, and a watcher on it ------------------------------------

const spectator = client();
await spectator.call('POST', '/api/auth/register-guest', {});

/** A watcher socket on a game, past its greeting with the current game. */
async function watch(gameId) {
  const socket = await listen(`/api/ws/games/${gameId}`, spectator);
  await socket.next();
  return socket;
}

/**
 * A new guest playing `preset` (issue 27: CLASSIC is SPEC's sheet; BALKAN has six dice and six columns),
 * with the moves the measurements need. Their next game after an archive keeps the preset.
 */
async function table(preset) {
  const player = client();
  const me = await player.call('POST', '/api/auth/register-guest', {});
  let game = await player.call('PUT', '/api/games/', { playerId: me.id, rules: preset });
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

  return {
    player,
    gameId: () => game.id,
    dice: () => game.dices.length,
    async roll() {
      await ensureRollable();
      const { ms, result } = await timed(() => player.call('PUT', `/api/games/${game.id}/roll`, {}));
      game = result;
      await watcher.next();
      return ms;
    },
    async fill() {
      await ensureRollable();
      if (game.rollCount === 0) await act('roll', {});
      return fillFirst(true);
    },
    close: () => watcher.close(),
  };
}

// --- measure -------------------------------------------------------------------------------------------

/** Roll and fill latency of one preset's game, and a watcher's delay after a fill. */
async function measure(preset) {
  const samples = { roll: [], fill: [], watcher: [] };
  const moves = await table(preset);
  for (let i = 0; i < WARMUP + N; i++) {
    const ms = await moves.roll();
    if (i >= WARMUP) samples.roll.push(ms);
  }
  for (let i = 0; i < WARMUP + N; i++) {
    const measured = await moves.fill();
    if (i >= WARMUP) {
      samples.fill.push(measured.fill);
      samples.watcher.push(measured.watcher);
    }
  }
  const dice = moves.dice();
  moves.close();
  return { preset, dice, samples };
}

const echoSamples = [];
const echoTable = await table('CLASSIC');
for (let i = 0; i < WARMUP + N; i++) {
  const { ms } = await timed(() => echoTable.player.call('GET', `/api/dev/echo/${echoTable.gameId()}`));
  if (i >= WARMUP) echoSamples.push(ms);
}
echoTable.close();
const presets = [await measure('CLASSIC'), await measure('BALKAN')];

// --- report --------------------------------------------------------------------------------------------
const echo = summary(echoSamples);
const rows = [
  ['echo (Worker → room → back)', echo],
  ...presets.flatMap(({ preset, dice, samples }) => [
    [`${preset} (${dice} dice) roll`, summary(samples.roll)],
    [`${preset} (${dice} dice) fill`, summary(samples.fill)],
    [`${preset} watcher after fill`, summary(samples.watcher)],
  ]),
];
console.log(`\nLatency, ${N} samples each after ${WARMUP} warm-up, against ${BASE} (ms)\n`);
console.log(`${'operation'.padEnd(32)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'p50/echo'.padStart(10)}`);
console.log('-'.repeat(58));
for (const [name, s] of rows) {
  console.log(
    `${name.padEnd(32)}${fmt(s.p50)}${fmt(s.p99)}${`${(s.p50 / echo.p50).toFixed(2)}x`.padStart(10)}`,
  );
}
for (const { preset, samples } of presets) {
  const rollRatio = summary(samples.roll).p50 / echo.p50;
  const fillRatio = summary(samples.fill).p50 / echo.p50;
  const pass = rollRatio <= TARGET_RATIO && fillRatio <= TARGET_RATIO;
  console.log(
    `${preset}: roll/echo ${rollRatio.toFixed(2)}x, fill/echo ${fillRatio.toFixed(2)}x — target ≤ ${TARGET_RATIO}x: ${pass ? 'met' : 'NOT met'}`,
  );
}
