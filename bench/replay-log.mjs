// What the move log (issue 30, durable-objects/moveLog.ts) costs a room's storage, against a running app
// (`npm run bench` starts one; or BENCH_URL=http://host:port): whole solo games and a whole 2-player clash
// played over HTTP, each turn rolling up to three times (keeping some dice) before it fills, then the
// room's storage asked through the dev-only stored-bytes route: SQLite's size (`ctx.storage.sql
// .databaseSize`), the record's bytes and the log's. The target: the log adds at most 20 % to a room's
// stored bytes per game. No D1 write is added per move: the log lives in the room, D1's index is untouched.
// Games: BENCH_REPLAY_GAMES (default 3).
import { BASE, client, loadRules } from './lib/harness.mjs';

const GAMES = Number(process.env.BENCH_REPLAY_GAMES ?? 3);
const TARGET = 0.2;
const PASSWORD = 'bench-secret-1';
const run = Date.now().toString(36).slice(-6);

const { fillableBoxes, canAnnounce, BOX_TYPES, toGameState, mulberry32 } = await loadRules();

const random = mulberry32(30);

/**
 * One turn as a player might take it: a roll, up to two more keeping a random part of the dice, an
 * announcement when nothing else may be filled, then the first box the rules allow.
 */
async function playTurn(visitor, gameId, hint = '') {
  const path = (name) => `/api/games/${gameId}/${name}${hint}`;
  let game = await visitor.call('PUT', path('roll'), {});
  while (game._links.roll && random() < 0.6) {
    const dice = game.dices.map((d) => d.index).filter(() => random() < 0.5);
    game = await visitor.call('PUT', path('roll'), { diceToRoll: dice.length ? dice : [0] });
  }
  let boxes = fillableBoxes(toGameState(game));
  if (boxes.length === 0) {
    const box = BOX_TYPES.find((b) => canAnnounce(toGameState(game), b));
    game = await visitor.call('PUT', path('announce'), { boxType: box });
    boxes = fillableBoxes(toGameState(game));
  }
  const { column, box } = boxes[0];
  return visitor.call('PUT', path('fill'), { columnType: column, boxType: box });
}

/** A guest's whole solo game; the bytes its room stores. */
async function soloGame(i) {
  const visitor = client(`198.51.100.${(i % 200) + 1}`);
  const player = await visitor.call('POST', '/api/auth/register-guest', {});
  let game = await visitor.call('PUT', '/api/games/', { playerId: player.id });
  while (game.status === 'IN_PROGRESS') game = await playTurn(visitor, game.id);
  const moves = await visitor.call('GET', `/api/games/${game.id}/replay`);
  return {
    ...(await visitor.call('GET', `/api/dev/games/${game.id}/stored-bytes`)),
    turns: moves.turns.length,
  };
}

/** A registered player, on an address of their own so the sign-up limits don't refuse the run. */
async function registered(i) {
  const visitor = client(`203.0.113.${(i % 200) + 1}`);
  await visitor.call('POST', '/api/auth/register-guest', {});
  const player = await visitor.call('POST', '/api/auth/register', {
    username: `rl${run}p${i}`,
    password: PASSWORD,
  });
  return { ...visitor, player };
}

/** A whole 2-player clash; the bytes its room stores (both games). */
async function clashGame() {
  const players = await Promise.all([1, 2].map(registered));
  const [owner, other] = players;
  let clash = await owner.call('POST', '/api/clashes/', {
    ownerId: owner.player.id,
    playerIds: players.map((p) => p.player.id),
    type: 'LIVE',
    name: 'Replay log',
  });
  const theirs = await other.call('GET', `/api/clashes/${clash.id}`);
  clash = await other.call('PUT', theirs._links.accept.href, { playerId: other.player.id });
  while (clash.status === 'IN_PROGRESS') {
    const onTurn = clash.players[clash.turn];
    const visitor = players.find((p) => p.player.id === onTurn.id);
    await playTurn(visitor, onTurn.gameId, `?clash=${clash.id}`);
    clash = await owner.call('GET', `/api/clashes/${clash.id}`);
  }
  const moves = await owner.call('GET', `/api/games/${clash.players[0].gameId}/replay`);
  return {
    ...(await owner.call('GET', `/api/dev/clashes/${clash.id}/stored-bytes`)),
    turns: moves.turns.length,
  };
}

const rows = [];
for (let i = 0; i < GAMES; i++) rows.push([`solo game ${i + 1}`, 1, await soloGame(i)]);
rows.push(['2-player clash', 2, await clashGame()]);

console.log(`\nThe move log's bytes in a room's storage, whole games against ${BASE}\n`);
const head = ['room', 'turns', 'SQLite bytes', 'record', 'log', 'log/game', 'log share'];
console.log(
  `${head[0].padEnd(16)}${head
    .slice(1)
    .map((h) => h.padStart(13))
    .join('')}`,
);
console.log('-'.repeat(94));
let worst = 0;
for (const [name, games, bytes] of rows) {
  // The share the log adds: its bytes against what the room would store without it.
  const share = bytes.log / Math.max(1, bytes.database - bytes.log);
  worst = Math.max(worst, share);
  const cells = [bytes.turns, bytes.database, bytes.record, bytes.log, Math.round(bytes.log / games)];
  console.log(
    `${name.padEnd(16)}${cells.map((c) => String(c).padStart(13)).join('')}${`${(share * 100).toFixed(1)} %`.padStart(13)}`,
  );
}
console.log(
  `\nthe log adds at most ${(worst * 100).toFixed(1)} % — target ≤ ${TARGET * 100} %: ${worst <= TARGET ? 'met' : 'NOT met'}`,
);
console.log('D1 writes per move: none added (the log is in the room; the D1 index is written as before).');
