import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { expect } from 'vitest';
import type { ClashResource } from '../../contract/clashes';
import type { ClashRecord } from '../../durable-objects/clashRecord';
import { clashRoom, getClash, startedTimedClash, takeTurn } from './clashes-helpers';
import { json, type Session } from './helpers';

// Fair-play clash stories: clocked or untimed clashes made through the API, turns run out or aged
// through the room's own storage (as clashes-clock.test.ts does), and what a clash left behind in D1.

export async function clockedClash(
  count: number,
  turnSeconds: number | null,
): Promise<{ clash: ClashResource; people: Session[]; games: number[] }> {
  const { clash, players: people, gameIds } = await startedTimedClash(count, turnSeconds);
  return { clash, people, games: gameIds };
}

export const clashNow = async (clashId: number, viewer: Session | null = null) =>
  json<ClashResource>(await getClash(viewer, clashId));

/** The clock of the player on turn runs out now: the deadline moves to the past and the alarm runs. */
export async function runOut(clashId: number) {
  await runInDurableObject(clashRoom(clashId), (_room, state) => {
    const record = state.storage.kv.get<ClashRecord>('clash');
    const alarms = state.storage.kv.get<Record<string, number>>('alarms') ?? {};
    if (!record?.clash.turnDeadline || alarms.turn === undefined) throw new Error('no clock running');
    const past = Date.now() - 1;
    state.storage.kv.put('clash', { ...record, clash: { ...record.clash, turnDeadline: past } });
    state.storage.kv.put('alarms', { ...alarms, turn: past });
  });
  expect(await runDurableObjectAlarm(clashRoom(clashId))).toBe(true);
}

/** The player on turn plays their turn (whoever it is), or the clock runs out when `idle` has them. */
export async function playRound(clashId: number, people: Session[], games: number[], idle: Set<number>) {
  const clash = await clashNow(clashId);
  const onTurn = clash.players[clash.turn];
  const index = people.findIndex((p) => p.player.id === onTurn?.id);
  if (idle.has(index)) await runOut(clashId);
  else await takeTurn(people[index] as Session, games[index] as number);
}

/** The clash's rating_changes rows and its players' ratings as D1 has them. */
export async function ratingsAfter(clashId: number, ids: number[]) {
  const changes = await env.DB.prepare('SELECT count(*) AS n FROM rating_changes WHERE clash_id = ?')
    .bind(clashId)
    .first<{ n: number }>();
  const rows = await Promise.all(
    ids.map((id) =>
      env.DB.prepare(
        `SELECT coalesce(r.mu, 25) AS mu, coalesce(r.rated_clashes, 0) AS rated
         FROM players p LEFT JOIN player_ratings r ON r.player_id = p.id AND r.preset = 'CLASSIC' WHERE p.id = ?`,
      )
        .bind(id)
        .first<{ mu: number; rated: number }>(),
    ),
  );
  return { changes: changes?.n ?? 0, players: rows };
}

/** The places D1 wrote for the clash's players, in turn order. */
export const placesOf = async (clashId: number) =>
  (
    await env.DB.prepare('SELECT place, score FROM clash_players WHERE clash_id = ? ORDER BY position')
      .bind(clashId)
      .all<{ place: number | null; score: number | null }>()
  ).results;
