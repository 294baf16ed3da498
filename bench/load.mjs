// Load against a running app (`npm run bench` starts one; or BENCH_URL=http://host:port).
// N simulated players (first argument or BENCH_LOAD_N, default 200) for BENCH_LOAD_SECONDS (default 20):
// about 85% guests playing solo games at full speed, the rest registered players in 3-player live clashes,
// every player with their presence channel and their game's or clash's socket open, while spectators
// (N/5) watch solo games and clashes. Prints actions per second, p50/p99 per kind of action, the socket
// fan-out delay (a move's request start → its message at a spectator), and the errors, which must be 0
// (the exit code says so). Then, at rest: HTTP throughput of GET /api/players/me beside GET /api/health,
// what one clash room sustains with 1, 10 and 100 watchers, and BENCH_LOAD_PRESENCE_SOCKETS (2,000)
// registered players' presence channels joining at once over the deployed shards and on one shard, with
// the messages and bytes a join costs; last, 1,000 correspondence clashes with one turn each
// (BENCH_LOAD_CORRESPONDENCE), for their D1 writes and alarms. The saturation estimates built on these
// figures are in docs/scale.md.
// BENCH_LOAD_PRESENCE_SHARDS=S puts every presence channel on `?shards=S` (development only, worker/routes/
// live.ts) instead of the deployed PRESENCE_SHARDS.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { BASE, client, listen, loadRules, summary } from './lib/harness.mjs';
import { correspondenceCase } from './lib/correspondence.mjs';
import { measured, openCounting, pool, tally, throughput } from './lib/load.mjs';

const N = Number(process.argv[2] ?? process.env.BENCH_LOAD_N ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
/** 0: the deployed PRESENCE_SHARDS (worker/rooms.ts); S > 0: `?shards=S` on every presence channel. */
const SHARDS = Number(process.env.BENCH_LOAD_PRESENCE_SHARDS ?? 0);
const PRESENCE_DEFAULT_SHARDS = 16;
/** The presence phase's channels, each a registered player's, so each join is listed. */
const PRESENCE_SOCKETS = Number(process.env.BENCH_LOAD_PRESENCE_SOCKETS ?? 2000);
// Registration (PBKDF2) is the dearest part of the set-up: guests play the solo games, and 15% of the
// players are registered, three to a clash.
const CLASHES = Math.max(1, Math.floor((N * 0.15) / 3));
const SOLO = Math.max(1, N - 3 * CLASHES);
const SPECTATORS = Math.max(2, Math.ceil(N / 5));
/** A message a spectator never gets is an error, not a hang. */
const FANOUT_TIMEOUT_MS = 10_000;
const PASSWORD = 'bench-secret-1';
const run = Date.now().toString(36).slice(-6);

const { fillableBoxes, canAnnounce, BOX_TYPES, toGameState } = await loadRules();
const t = tally();

// Every visitor on an address of its own: registration is limited per address.
let addresses = 0;
const visitor = () => {
  const i = (addresses += 1);
  return client(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
};

async function guest() {
  const v = visitor();
  const player = await v.call('POST', '/api/auth/register-guest', {});
  return { ...v, player };
}

async function registered(name) {
  const v = visitor();
  await v.call('POST', '/api/auth/register-guest', {});
  const player = await v.call('POST', '/api/auth/register', { username: name, password: PASSWORD });
  return { ...v, player };
}

const presencePath = (shards) => `/api/ws/players${shards > 0 ? `?shards=${shards}` : ''}`;

/**
 * Resolves with `promise`, or rejects after FANOUT_TIMEOUT_MS. A move that fails leaves its wait
 * unawaited: its rejection is marked handled here, and the move's own error is the one counted.
 */
function inTime(promise, what) {
  let timer;
  const timed = Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${what}: no message in ${FANOUT_TIMEOUT_MS} ms`)),
        FANOUT_TIMEOUT_MS,
      );
    }),
  ]);
  timed.catch(() => {});
  return timed;
}

/**
 * One turn through `act(kind, path, body)`: a roll, a second roll half the time when a box is open
 * anyway, an announcement when only announcement boxes are left, then a fill.
 */
async function turn(act) {
  let game = await act('roll', 'roll', {});
  let boxes = fillableBoxes(toGameState(game));
  if (boxes.length > 0 && game._links.roll && Math.random() < 0.5) {
    game = await act('roll', 'roll', {});
    boxes = fillableBoxes(toGameState(game));
  }
  if (boxes.length === 0) {
    const box = BOX_TYPES.find((b) => canAnnounce(toGameState(game), b));
    game = await act('announce', 'announce', { boxType: box });
    boxes = fillableBoxes(toGameState(game));
  }
  const { column, box } = boxes[Math.floor(Math.random() * boxes.length)];
  return act('fill', 'fill', { columnType: column, boxType: box });
}

// --- set up --------------------------------------------------------------------------------------------
const setupStarted = performance.now();
const soloPlayers = await pool(Array.from({ length: SOLO }), 16, async () => {
  const p = await guest();
  p.game = await p.call('PUT', '/api/games/', { playerId: p.player.id });
  return p;
});
const clashPlayers = await pool(Array.from({ length: CLASHES * 3 }), 8, (_, i) =>
  registered(`ld${run}p${i}`),
);
const spectators = await pool(Array.from({ length: SPECTATORS }), 16, () => guest());
const registeredAt = performance.now();

/** A started live clash of three registered players, each invited one having accepted. */
async function startClash(players, name) {
  const [owner, ...invited] = players;
  let clash = await owner.call('POST', '/api/clashes/', {
    ownerId: owner.player.id,
    playerIds: players.map((p) => p.player.id),
    type: 'LIVE',
    name,
  });
  for (const p of invited) {
    const theirs = await p.call('GET', `/api/clashes/${clash.id}`);
    clash = await p.call('PUT', theirs._links.accept.href, { playerId: p.player.id });
  }
  return clash;
}

const clashes = await pool(Array.from({ length: CLASHES }), 8, async (_, i) => {
  const players = clashPlayers.slice(i * 3, i * 3 + 3);
  return { players, clash: await startClash(players, `Load ${i}`) };
});

// Sockets: every player's presence channel, every player's game or clash socket (a tab that is open),
// and the spectators': the first half on solo games, the rest on clashes.
const everyone = [...soloPlayers, ...clashPlayers];
const presence = await pool(everyone, 32, (p) => openCounting(presencePath(SHARDS), p, t));
const own = await pool(soloPlayers, 32, (p) => openCounting(`/api/ws/games/${p.game.id}`, p, t));
for (const c of clashes)
  c.sockets = await Promise.all(c.players.map((p) => openCounting(`/api/ws/clashes/${c.clash.id}`, p, t)));

/** A spectator's socket on a game or clash, past its greeting. */
async function spectate(spectator, path, greeting) {
  const socket = await listen(path, spectator);
  await socket.nextOf(greeting);
  return socket;
}
const soloWatched = Math.min(SOLO, Math.ceil(SPECTATORS / 2));
for (let i = 0; i < SPECTATORS; i++) {
  if (i < soloWatched) {
    const p = soloPlayers[i];
    p.spectator = spectators[i];
    p.watching = await spectate(p.spectator, `/api/ws/games/${p.game.id}`, 'GAME');
  } else {
    const c = clashes[(i - soloWatched) % CLASHES];
    c.watchers ??= [];
    c.watchers.push({ spectator: spectators[i] });
  }
}
for (const c of clashes) {
  // The driver's own view of the clash (whose turn it is) comes from a socket like every client's.
  c.view = await spectate(c.players[0], `/api/ws/clashes/${c.clash.id}`, 'UPDATE');
  c.watchers ??= [];
  for (const w of c.watchers)
    w.socket = await spectate(w.spectator, `/api/ws/clashes/${c.clash.id}`, 'UPDATE');
}
const setupSeconds = (performance.now() - setupStarted) / 1000;
const socketCount =
  presence.length +
  own.length +
  clashes.reduce((n, c) => n + c.sockets.length + 1 + c.watchers.length, 0) +
  soloWatched;

// --- load ----------------------------------------------------------------------------------------------
let until = 0;
let archivedGames = 0;

/**
 * How many D1 index writes a room's write-behind makes for moves at `times` (ms) with `delayMs`: a move
 * finding no write pending schedules one `delayMs` later, which takes every move before it along.
 */
function indexWrites(times, delayMs) {
  let writes = 0;
  let due = -Infinity;
  for (const at of times) {
    if (at < due) continue;
    writes += 1;
    due = at + delayMs;
  }
  return writes;
}

/** A solo player at full speed: turns until time is up; a finished game is archived and a new one begun. */
async function playSolo(p) {
  const act = async (kind, path, body) => {
    const started = performance.now();
    const heard = p.watching?.nextOf('GAME');
    const game = await measured(t, kind, () => p.call('PUT', `/api/games/${p.game.id}/${path}`, body));
    if (kind === 'archive') archivedGames += 1;
    else (p.moves ??= []).push(performance.now());
    if (heard) {
      const message = await inTime(heard, 'solo watcher').catch((error) => t.error('fan-out', error.message));
      if (message) t.add('watcher gets GAME', message.at - started);
    }
    p.game = game;
    return game;
  };
  while (performance.now() < until) {
    if (p.game.status === 'COMPLETED') {
      await act('archive', 'archive');
      p.game = await measured(t, 'new game', () => p.call('PUT', '/api/games/', { playerId: p.player.id }));
      if (p.watching) {
        p.watching.close();
        p.watching = await spectate(p.spectator, `/api/ws/games/${p.game.id}`, 'GAME');
      }
      continue;
    }
    await turn(act);
  }
}

/**
 * One clash, driven for whoever is on turn. Every action is one UPDATE on every socket of the clash:
 * the driver waits for its own view's and the watchers', timing the watchers'.
 */
async function playClash(c, i) {
  let clash = c.clash;
  while (performance.now() < until) {
    if (clash.status !== 'IN_PROGRESS') {
      for (const s of [...c.sockets, c.view, ...c.watchers.map((w) => w.socket)]) s.close();
      c.clash = await measured(t, 'clash start', () => startClash(c.players, `Load ${i} again`));
      clash = c.clash;
      c.sockets = await Promise.all(c.players.map((p) => openCounting(`/api/ws/clashes/${clash.id}`, p, t)));
      c.view = await spectate(c.players[0], `/api/ws/clashes/${clash.id}`, 'UPDATE');
      for (const w of c.watchers)
        w.socket = await spectate(w.spectator, `/api/ws/clashes/${clash.id}`, 'UPDATE');
    }
    const onTurn = clash.players[clash.turn];
    const player = c.players.find((p) => p.player.id === onTurn.id);
    await turn(async (kind, path, body) => {
      const started = performance.now();
      const heard = [c.view, ...c.watchers.map((w) => w.socket)].map((s) =>
        inTime(s.nextOf('UPDATE'), 'clash watcher'),
      );
      const game = await measured(t, `clash ${kind}`, () =>
        player.call('PUT', `/api/games/${onTurn.gameId}/${path}`, body),
      );
      (c.moves ??= []).push(performance.now());
      const messages = await Promise.all(heard).catch((error) => {
        t.error('fan-out', error.message);
        throw error;
      });
      clash = messages[0].body.clash;
      for (const m of messages.slice(1)) t.add('watcher gets UPDATE', m.at - started);
      return game;
    });
  }
}

/**
 * CPU seconds the server's processes have used, when BENCH_LOAD_SERVER_PIDS names them (Linux: workerd's
 * pids, e.g. from `pgrep -f workerd`): what an action costs the server, apart from what else runs here.
 */
const serverPids = (process.env.BENCH_LOAD_SERVER_PIDS ?? '').split(',').filter(Boolean);
const serverCpu = () =>
  serverPids.reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, in USER_HZ ticks: 100 a second on Linux as built everywhere we run.
    return sum + (Number(fields[11]) + Number(fields[12])) / 100;
  }, 0);
const serverCpuBefore = serverPids.length ? serverCpu() : 0;
const cpuBefore = os.cpus().map((cpu) => cpu.times);
const ownCpuBefore = process.cpuUsage();
const loadStarted = performance.now();
until = loadStarted + SECONDS * 1000;
await Promise.all([
  ...soloPlayers.map((p) => playSolo(p).catch(() => {})),
  ...clashes.map((c, i) => playClash(c, i).catch(() => {})),
]);
const loadSeconds = (performance.now() - loadStarted) / 1000;
const ownCpu = process.cpuUsage(ownCpuBefore);
const busy = os.cpus().map((cpu, i) => {
  const before = cpuBefore[i];
  const total = Object.keys(cpu.times).reduce((n, k) => n + cpu.times[k] - before[k], 0);
  return 1 - (cpu.times.idle - before.idle) / total;
});
const machineBusy = busy.reduce((a, b) => a + b, 0) / busy.length;
const generatorCores = (ownCpu.user + ownCpu.system) / 1e6 / loadSeconds;
const serverCpuSeconds = serverPids.length ? serverCpu() - serverCpuBefore : null;

for (const p of soloPlayers) p.watching?.close();
for (const c of clashes)
  for (const s of [...c.sockets, c.view, ...c.watchers.map((w) => w.socket)]) s.close();
for (const s of own) s.close();

// --- report the load -----------------------------------------------------------------------------------
const ms = (x) => x.toFixed(1).padStart(8);
const moves = (kinds) =>
  t.summaries().filter(([kind]) => kinds.some((k) => kind === k || kind === `clash ${k}`));
const actions = t
  .summaries()
  .filter(([kind]) => !kind.startsWith('watcher'))
  .reduce((n, [, s]) => n + s.n, 0);
const moveCount = moves(['roll', 'announce', 'fill']).reduce((n, [, s]) => n + s.n, 0);
console.log(
  `\nLoad against ${BASE}: ${N} players (${SOLO} guests solo, ${CLASHES} clashes × 3 registered), ` +
    `${SPECTATORS} spectators, ${socketCount} sockets open (${presence.length} presence channels on ` +
    `${SHARDS || PRESENCE_DEFAULT_SHARDS} Presence shard${SHARDS === 1 ? '' : 's'}), ${loadSeconds.toFixed(1)} s ` +
    `(set-up ${setupSeconds.toFixed(1)} s, of it registration ${((registeredAt - setupStarted) / 1000).toFixed(1)} s)\n`,
);
console.log(
  `actions ${actions} → ${(actions / loadSeconds).toFixed(0)}/s (moves ${(moveCount / loadSeconds).toFixed(0)}/s, ` +
    `each one write to its room's own storage)`,
);
console.log(
  `\n${'action (HTTP, request → answer)'.padEnd(36)}${'n'.padStart(7)}${'p50'.padStart(8)}${'p99'.padStart(8)}`,
);
console.log('-'.repeat(59));
for (const [kind, s] of t.summaries())
  console.log(`${kind.padEnd(36)}${String(s.n).padStart(7)}${ms(s.p50)}${ms(s.p99)}`);
const perSecond = (n) => (n / loadSeconds).toFixed(0);
const soloWrites = (delayMs) => soloPlayers.reduce((n, p) => n + indexWrites(p.moves ?? [], delayMs), 0);
const clashWrites = clashes.reduce((n, c) => n + indexWrites(c.moves ?? [], 1000), 0);
console.log(
  `\nD1 index writes these moves make: solo games ${perSecond(soloWrites(1000))}/s at the old 1 s cadence, ` +
    `${perSecond(soloWrites(10_000))}/s coalesced to 10 s (+ ${archivedGames} games completed and archived, ` +
    `written at once); clash rooms ${perSecond(clashWrites)}/s (1 s)`,
);
console.log(
  `\nsocket messages heard: ${[...t.messages].map(([type, m]) => `${type} ${m.count}`).join(', ')}`,
);
console.log(
  `machine: ${(machineBusy * 100).toFixed(0)}% of ${busy.length} cores busy, of which this load generator ` +
    `${generatorCores.toFixed(2)} core${machineBusy > 0.9 ? ' — the machine is the bottleneck: the figures are ' + 'a floor for the app, not its ceiling' : ''}`,
);

if (serverCpuSeconds !== null)
  console.log(
    `server: ${(serverCpuSeconds / loadSeconds).toFixed(2)} core for ${actions} actions, ` +
      `${((serverCpuSeconds * 1000) / actions).toFixed(1)} ms of CPU an action (sockets and presence included)`,
  );

// --- HTTP throughput, at rest --------------------------------------------------------------------------
const me = clashPlayers[0];
const http = {
  me: await throughput(() => me.call('GET', '/api/players/me'), { concurrency: 16, seconds: 3 }),
  health: await throughput(() => me.call('GET', '/api/health'), { concurrency: 16, seconds: 3 }),
};
console.log(`\nHTTP at rest, 16 callers × 3 s each`);
for (const [name, r] of [
  ['GET /api/players/me', http.me],
  ['GET /api/health', http.health],
])
  console.log(
    `${name.padEnd(24)}${r.perSecond.toFixed(0).padStart(6)}/s  p50 ${ms(r.p50).trim()} p99 ${ms(r.p99).trim()} ms` +
      `${r.failed ? `  FAILED ${r.failed}` : ''}`,
  );
for (const r of Object.values(http)) if (r.failed) t.error('http throughput', `${r.failed} failed`);

// --- one clash room: moves per second with 1, 10 and 100 watchers ----------------------------------------
const roomPlayers = await Promise.all([0, 1, 2].map((i) => registered(`ld${run}r${i}`)));
const watcherPool = [...spectators, ...soloPlayers].slice(0, 100);
console.log(
  `\nOne clash room, one move at a time for 3 s (moves/s = 1 / latency), watchers all hearing each`,
);
for (const count of [1, 10, 100].filter((n) => n <= watcherPool.length)) {
  let clash = await startClash(roomPlayers, `Room ${count}`);
  const view = await spectate(roomPlayers[0], `/api/ws/clashes/${clash.id}`, 'UPDATE');
  const watchers = await pool(watcherPool.slice(0, count), 32, (w) =>
    spectate(w, `/api/ws/clashes/${clash.id}`, 'UPDATE'),
  );
  const lastHeard = [];
  let moved = 0;
  const started = performance.now();
  while (performance.now() - started < 3000 && clash.status === 'IN_PROGRESS') {
    const onTurn = clash.players[clash.turn];
    const player = roomPlayers.find((p) => p.player.id === onTurn.id);
    try {
      await turn(async (kind, path, body) => {
        const sent = performance.now();
        const heard = [view, ...watchers].map((s) => inTime(s.nextOf('UPDATE'), 'room watcher'));
        const game = await measured(t, `room ${kind}`, () =>
          player.call('PUT', `/api/games/${onTurn.gameId}/${path}`, body),
        );
        const messages = await Promise.all(heard).catch((error) => {
          t.error('room fan-out', error.message);
          throw error;
        });
        clash = messages[0].body.clash;
        lastHeard.push(Math.max(...messages.slice(1).map((m) => m.at)) - sent);
        moved += 1;
        return game;
      });
    } catch {
      // Counted where it failed (the move, or the wait for its message); this room is done.
      break;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const s = summary(lastHeard);
  console.log(
    `${String(count).padStart(4)} watcher${count > 1 ? 's' : ' '}  ${(moved / seconds).toFixed(0).padStart(5)} moves/s` +
      `  last watcher hears it p50 ${ms(s.p50).trim()} p99 ${ms(s.p99).trim()} ms`,
  );
  // The next round starts a new clash with the same players; this one is left to its turn clock.
  for (const socket of [view, ...watchers]) socket.close();
}

// --- presence: PRESENCE_SOCKETS channels joining at once, over the shards (fan-in) vs one shard --------
for (const s of presence) s.close();
const presencePlayers = await pool(Array.from({ length: PRESENCE_SOCKETS }), 16, (_, i) =>
  i < clashPlayers.length ? clashPlayers[i] : registered(`pr${run}p${i}`),
);
/** A read asked again after a dropped connection (local wrangler's proxy drops one now and then under load). */
async function read(viewer, path) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await viewer.call('GET', path);
    } catch (error) {
      if (attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
const onlineCount = async (viewer) => (await read(viewer, '/api/players/active?limit=1')).count;
const listReports = async (viewer) => (await read(viewer, '/api/dev/online-reports')).reports;
console.log(
  `\nPresence: ${presencePlayers.length} registered players' channels (listed) joining at once, pool of 64`,
);
for (const shards of [SHARDS > 1 ? SHARDS : 0, 1]) {
  const p = tally();
  const viewer = presencePlayers[0];
  const reportsBefore = await listReports(viewer);
  const started = performance.now();
  const sockets = await pool(presencePlayers, 64, async (player) => {
    let first;
    const greeted = new Promise((resolve) => (first = resolve));
    const socket = await openCounting(presencePath(shards), player, p, (body, at) => {
      if (body.type === 'CONNECTED') first(at);
    });
    const at = await inTime(greeted, 'presence');
    p.add('join', at - started);
    return socket;
  });
  const wall = performance.now() - started;
  // The shards tell the list within REPORT_DELAY_MS (durable-objects/Presence.ts); wait until it has everyone.
  let listed = 0;
  for (let tries = 0; tries < 50 && listed < presencePlayers.length; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    listed = await onlineCount(viewer);
  }
  const calls = (await listReports(viewer)) - reportsBefore;
  const received = [...p.messages.values()].reduce(
    (a, m) => ({ count: a.count + m.count, bytes: a.bytes + m.bytes }),
    {
      count: 0,
      bytes: 0,
    },
  );
  // What the shards send the list: each joined player's entry (id, name, avatar) in one call per batch.
  const reportBytes = presencePlayers.reduce(
    (sum, player) =>
      sum + JSON.stringify({ id: player.player.id, name: player.player.name, avatar: null }).length,
    0,
  );
  const joins = presencePlayers.length;
  const label =
    shards === 0 ? `${PRESENCE_DEFAULT_SHARDS} shards` : `${shards} shard${shards > 1 ? 's' : ' '}`;
  console.log(
    `${label.padStart(9)}  all joined in ${wall.toFixed(0).padStart(5)} ms, ${listed} listed` +
      `  tabs heard ${received.count} messages (${(received.bytes / 1e3).toFixed(1)} kB), list calls ${calls}` +
      `\n           a join: ${((received.count + calls) / joins).toFixed(2)} messages,` +
      ` ${((received.bytes + reportBytes) / joins).toFixed(0)} bytes (tab's greeting + its share of the list's calls)`,
  );
  for (const s of sockets) s.close();
  for (const [kind, n] of p.errors) t.errors.set(`presence ${kind}`, n);
  for (let tries = 0; tries < 50 && (await onlineCount(viewer)) > 0; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 200));
}

// --- correspondence -------------------------------------------------------------------------------------
// BENCH_LOAD_CORRESPONDENCE (1,000; 0 skips) clashes of a day a turn, one turn in each: what one costs in D1
// writes and alarms (bench/lib/correspondence.mjs; the model per clash per day is in docs/scale.md).
try {
  await correspondenceCase();
} catch (error) {
  t.error('correspondence', error.message);
}

// --- errors --------------------------------------------------------------------------------------------
const errors = t.errorCount();
console.log(
  `\nerrors: ${errors}${errors ? ` (${[...t.errors].map(([k, n]) => `${k} ${n}`).join(', ')}; first: ${t.firstErrors.join(' | ')})` : ''}`,
);
process.exit(errors === 0 ? 0 : 1);
