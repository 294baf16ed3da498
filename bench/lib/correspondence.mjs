// bench/load.mjs's correspondence case (issue 29): BENCH_LOAD_CORRESPONDENCE clashes (default 1,000) of a day
// a turn are created and one turn is played in each, then the figures a correspondence clash costs are read:
// the D1 writes (statements that change rows, from the local store's data points of the rooms and requests)
// and the room alarms that fired, per clash, with the model per clash per day printed beside them
// (docs/scale.md). Runs inside load.mjs, or alone: `node bench/lib/correspondence.mjs` against BENCH_URL,
// reading the local D1 at BENCH_PERSIST (scripts/bench.mjs's .wrangler/bench) for the alarms.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { client, loadRules } from './harness.mjs';
import { pool } from './load.mjs';

const DAY = 24 * 60 * 60;
/** Each player's clashes: the limit, so the case also shows that a player at 30 is not refused before. */
const PER_PLAYER = 30;
const PASSWORD = 'bench-secret-1';

/** The local D1 store's answer to `sql` (wrangler d1 execute --local), or null when it cannot be read. */
function localD1(sql) {
  const persist = process.env.BENCH_PERSIST ?? '.wrangler/bench';
  const result = spawnSync(
    'npx',
    ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persist, '--json', '--command', sql],
    { encoding: 'utf8' },
  );
  try {
    return JSON.parse(result.stdout)[0].results;
  } catch {
    return null;
  }
}

/** One turn of the player on turn: a roll, then the first box the rules offer. */
async function oneTurn(rules, player, gameId) {
  const game = await player.call('PUT', `/api/games/${gameId}/roll`, {});
  const state = rules.toGameState(game);
  const [box] = rules.fillableBoxes(state);
  await player.call('PUT', `/api/games/${gameId}/fill`, { columnType: box.column, boxType: box.box });
}

export async function correspondenceCase(count = Number(process.env.BENCH_LOAD_CORRESPONDENCE ?? 1000)) {
  if (count <= 0) return null;
  const rules = await loadRules();
  const run = Date.now().toString(36).slice(-6);
  // Each player owns PER_PLAYER/2 clashes with the next players round the circle and is invited to as many.
  const half = PER_PLAYER / 2;
  const size = Math.max(half + 2, Math.ceil(count / half));
  let address = 200_000;
  const players = await pool(Array.from({ length: size }), 16, async (_, i) => {
    address += 1;
    const v = client(`10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`);
    await v.call('POST', '/api/auth/register-guest', {});
    const player = await v.call('POST', '/api/auth/register', {
      username: `Corr${run}${i}`,
      password: PASSWORD,
    });
    return { ...v, player };
  });
  const pairs = [];
  for (let k = 1; k <= half && pairs.length < count; k++)
    for (let i = 0; i < size && pairs.length < count; i++) pairs.push([players[i], players[(i + k) % size]]);

  const since = Date.now();
  const started = performance.now();
  const clashes = await pool(pairs, 16, async ([owner, other], i) => {
    const made = await owner.call('POST', '/api/clashes/', {
      ownerId: owner.player.id,
      playerIds: [owner.player.id, other.player.id],
      type: 'LIVE',
      name: `Letters ${i}`,
      turnSeconds: DAY,
    });
    const clash = await other.call('PUT', `/api/clashes/${made.id}/accept`, { playerId: other.player.id });
    await oneTurn(rules, owner, clash.players[0].gameId);
    return clash;
  });
  const seconds = (performance.now() - started) / 1000;
  // The limit holds: a 31st for someone at 30 is refused.
  const [a, b] = [players[0], players[Math.floor(size / 2)]];
  const refused = await a
    .call('POST', '/api/clashes/', {
      ownerId: a.player.id,
      playerIds: [a.player.id, b.player.id],
      type: 'LIVE',
      name: 'One too many',
      turnSeconds: DAY,
    })
    .then(() => 'accepted (!)')
    .catch((error) =>
      String(error.message).includes('correspondence-limit') ? '409 correspondence-limit' : String(error),
    );
  // Let the write-behind index and its alarms settle before counting.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const points = localD1(
    `SELECT kind, name, detail, count(*) AS n FROM data_points WHERE created_at >= ${since} GROUP BY kind, name, detail`,
  );
  const count_ = (kind, name, detail) =>
    points
      ?.filter((p) => p.kind === kind && p.name === name && (!detail || p.detail === detail))
      .reduce((n, p) => n + p.n, 0) ?? null;
  const alarms = count_('room', 'alarm', 'ClashRoom');
  const rows = localD1(
    `SELECT (SELECT count(*) FROM clashes WHERE turn_seconds >= ${DAY} AND created_at >= ${since}) AS clashes,
            (SELECT count(*) FROM notifications WHERE created_at >= ${since}) AS notifications,
            (SELECT count(*) FROM data_points WHERE kind = 'request' AND created_at >= ${since}) AS requests`,
  )?.[0];
  const held = pairs.filter(([o, i]) => o === a || i === a).length;
  const figures = {
    count: clashes.length,
    players: size,
    seconds,
    refused: `${refused} (holding ${held})`,
    alarms,
    rows,
  };
  report(figures);
  return figures;
}

function report({ count, players, seconds, refused, alarms, rows }) {
  console.log(
    `\nCorrespondence: ${count} clashes of a day a turn among ${players} players (30 each), one turn in each`,
  );
  console.log(
    `  created, accepted and one turn played in ${seconds.toFixed(1)} s (${(count / seconds).toFixed(1)} clashes/s)`,
  );
  console.log(`  one more for a player: ${refused}`);
  if (alarms === null) console.log('  alarms: the local D1 (BENCH_PERSIST) could not be read');
  else console.log(`  ClashRoom alarms fired: ${alarms} (${(alarms / count).toFixed(2)} a clash)`);
  if (rows)
    console.log(
      `  D1: ${rows.clashes} clashes indexed, ${rows.notifications} notifications (${(rows.notifications / count).toFixed(1)} a clash), ${rows.requests} requests`,
    );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await correspondenceCase();
