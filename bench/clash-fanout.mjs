// A clash move's fan-out against a running app (`npm run bench` starts one; or BENCH_URL=http://host:port):
// three registered players in a live clash, each with the clash's socket open, and a watcher on it too.
// The player on turn fills a box; measured from the start of the fill request to the UPDATE arriving at
// the other two players' sockets and at the watcher's, beside the echo floor (Worker → room → back).
// N fills: first argument or BENCH_CLASH_N (default 150: a 3-player clash has 156).
import { BASE, client, echoFloor, fmt, listen, loadRules, summary, timed } from './lib/harness.mjs';

const N = Number(process.argv[2] ?? process.env.BENCH_CLASH_N ?? 150);
const WARMUP = 6;
const TARGET_RATIO = 2;
const PASSWORD = 'bench-secret-1';
const run = Date.now().toString(36).slice(-6);

const { fillableBoxes, canAnnounce, BOX_TYPES, toGameState } = await loadRules();

/**
 * A registered player (a guest who signs up keeps their session), on an address of their own so the
 * sign-up limits don't refuse the run.
 */
async function registered(i) {
  const visitor = client(`198.51.100.${(i % 200) + 1}`);
  await visitor.call('POST', '/api/auth/register-guest', {});
  const player = await visitor.call('POST', '/api/auth/register', {
    username: `cf${run}p${i}`,
    password: PASSWORD,
  });
  return { ...visitor, player };
}

let round = 0;
/** A started 3-player clash with every player's socket and a watcher's open, past their greetings. */
async function startClash() {
  round += 1;
  const players = await Promise.all([1, 2, 3].map((i) => registered(round * 10 + i)));
  const [owner, ...invited] = players;
  let clash = await owner.call('POST', '/api/clashes/', {
    ownerId: owner.player.id,
    playerIds: players.map((p) => p.player.id),
    type: 'LIVE',
    name: `Bench ${round}`,
  });
  for (const guest of invited) {
    // Each invited player sees their own accept link.
    const theirs = await guest.call('GET', `/api/clashes/${clash.id}`);
    clash = await guest.call('PUT', theirs._links.accept.href, { playerId: guest.player.id });
  }
  const watcher = client(`198.51.100.${(round % 50) + 201}`);
  await watcher.call('POST', '/api/auth/register-guest', {});
  const sockets = await Promise.all(
    [...players, watcher].map((visitor) => listen(`/api/ws/clashes/${clash.id}`, visitor)),
  );
  await Promise.all(sockets.map((socket) => socket.nextOf('UPDATE')));
  return { players, sockets, clash };
}

let { players, sockets, clash } = await startClash();
/** The player on turn's game, fetched fresh. */
const gameOnTurn = () => {
  const onTurn = clash.players[clash.turn];
  const visitor = players.find((p) => p.player.id === onTurn.id);
  return { visitor, index: clash.turn, gameId: onTurn.gameId };
};

/** Rolls and announces as needed, then fills the first box the rules allow: one turn. */
async function playTurn(measure) {
  const { visitor, index, gameId } = gameOnTurn();
  // A roll and an announcement are broadcast too: each socket hears of them before the fill is timed.
  const everyoneHears = () => Promise.all(sockets.map((socket) => socket.nextOf('UPDATE')));
  let game = await visitor.call('PUT', `/api/games/${gameId}/roll`, {});
  await everyoneHears();
  let boxes = fillableBoxes(toGameState(game));
  if (boxes.length === 0) {
    const box = BOX_TYPES.find((b) => canAnnounce(toGameState(game), b));
    game = await visitor.call('PUT', `/api/games/${gameId}/announce`, { boxType: box });
    await everyoneHears();
    boxes = fillableBoxes(toGameState(game));
  }
  const { column, box } = boxes[0];
  // Every socket hears of the fill; the player on turn's own socket is not measured.
  const others = sockets.filter((_, i) => i !== index);
  const started = performance.now();
  const arrivals = others.map((socket) => socket.nextOf('UPDATE'));
  const own = sockets[index].nextOf('UPDATE');
  await timed(() => visitor.call('PUT', `/api/games/${gameId}/fill`, { columnType: column, boxType: box }));
  const heard = await Promise.all(arrivals);
  const last = heard.at(-1).body.clash;
  await own;
  clash = last;
  if (measure) {
    samples.members.push(...heard.slice(0, 2).map((m) => m.at - started));
    samples.watcher.push(heard[2].at - started);
  }
}

const samples = { echo: [], members: [], watcher: [] };
samples.echo.push(...(await echoFloor(N)));

for (let i = 0; i < WARMUP + N; i++) {
  if (clash.status !== 'IN_PROGRESS') {
    for (const socket of sockets) socket.close();
    ({ players, sockets, clash } = await startClash());
  }
  await playTurn(i >= WARMUP);
}
for (const socket of sockets) socket.close();

const echo = summary(samples.echo);
const rows = [
  ['echo (Worker → room → back)', echo],
  ['UPDATE at the 2 other players', summary(samples.members)],
  ['UPDATE at a watcher', summary(samples.watcher)],
];
console.log(
  `\nClash fan-out, ${N} fills after ${WARMUP} warm-up, 3 players + 1 watcher, against ${BASE} (ms)\n`,
);
console.log(
  `${'from fill request start'.padEnd(32)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'p50/echo'.padStart(10)}`,
);
console.log('-'.repeat(58));
for (const [name, s] of rows)
  console.log(
    `${name.padEnd(32)}${fmt(s.p50)}${fmt(s.p99)}${`${(s.p50 / echo.p50).toFixed(2)}x`.padStart(10)}`,
  );
const worst = Math.max(rows[1][1].p50, rows[2][1].p50) / echo.p50;
console.log(
  `\nfan-out p50/echo ${worst.toFixed(2)}x — target ≤ ${TARGET_RATIO}x: ${worst <= TARGET_RATIO ? 'met' : 'NOT met'}`,
);
