import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { banPlayer } from '../../worker/auth/access';
import { database } from '../../worker/db/client';
import type { Env } from '../../worker/env';
import {
  type Clash,
  clashPlayerRows,
  clashRoom,
  clashRow,
  createClash,
  getClash,
  lobby,
  players,
  startedClash,
  takeTurn,
} from './clashes-helpers';
import { downD1, move } from './games-helpers';
import { call, expectError, json } from './helpers';

/** Swaps the clash room instance's D1 binding (the runtime keeps the instance between these calls). */
async function setRoomD1(clashId: number, db: D1Database) {
  await runInDurableObject(clashRoom(clashId), (room) => {
    const holder = room as unknown as { env: Env };
    holder.env = { ...holder.env, DB: db };
  });
}

describe('a start that D1 refuses', () => {
  it('answers 503 and leaves the clash pending with everyone accepted; the next GET starts it', async () => {
    const [owner, a] = await players(2);
    const clash = await createClash(owner, [a]);
    await setRoomD1(clash.id, downD1);
    await expectError(
      await lobby(a, clash.id, 'accept', { playerId: a.player.id }),
      503,
      'service-unavailable',
    );
    const waiting = await runInDurableObject(clashRoom(clash.id), (_room, state) =>
      state.storage.kv.get<{ clash: { status: string; players: { status: string }[] } }>('clash'),
    );
    expect(waiting?.clash.status).toBe('PENDING');
    expect(waiting?.clash.players.map((p) => p.status)).toEqual(['ACCEPTED', 'ACCEPTED']);
    const gamesOf = () =>
      env.DB.prepare('SELECT count(*) AS n FROM games WHERE clash_id = ?')
        .bind(clash.id)
        .first<{ n: number }>();
    expect(await gamesOf()).toEqual({ n: 0 });

    await setRoomD1(clash.id, env.DB);
    const started = await json<Clash>(await getClash(owner, clash.id));
    expect(started.status).toBe('IN_PROGRESS');
    expect(await gamesOf()).toEqual({ n: 2 });
    expect(await clashRow(clash.id)).toMatchObject({ status: 'IN_PROGRESS' });
    expect((await clashPlayerRows(clash.id)).map((r) => r.gameId)).toEqual(
      started.players.map((p) => p.gameId),
    );
  });

  it('is retried by the alarm when nobody asks', async () => {
    const [owner, a] = await players(2);
    const clash = await createClash(owner, [a]);
    await setRoomD1(clash.id, downD1);
    await expectError(
      await lobby(a, clash.id, 'accept', { playerId: a.player.id }),
      503,
      'service-unavailable',
    );
    await setRoomD1(clash.id, env.DB);
    // The retry is due in 10 s: brought forward rather than waited for.
    await runInDurableObject(clashRoom(clash.id), (_room, state) => {
      const alarms = state.storage.kv.get<Record<string, number>>('alarms') ?? {};
      expect(alarms.start).toBeGreaterThan(Date.now());
      state.storage.kv.put('alarms', { ...alarms, start: Date.now() - 1 });
    });
    expect(await runDurableObjectAlarm(clashRoom(clash.id))).toBe(true);
    expect(await clashRow(clash.id)).toMatchObject({ status: 'IN_PROGRESS' });
  });
});

describe('the D1 index follows the moves', () => {
  it('within a second, by the room’s alarm: turn, running scores, the games’ totals', async () => {
    const {
      clash,
      players: [owner],
      gameIds,
    } = await startedClash();
    const filled = await takeTurn(owner, gameIds[0] as number);
    expect(await runDurableObjectAlarm(clashRoom(clash.id))).toBe(true);
    expect(await clashRow(clash.id)).toMatchObject({ turn: 1 });
    expect((await clashPlayerRows(clash.id)).map((r) => r.score)).toEqual([filled.totalSum, 0]);
    const row = await env.DB.prepare('SELECT total_sum AS total, progress FROM games WHERE id = ?')
      .bind(gameIds[0])
      .first();
    expect(row).toEqual({ total: filled.totalSum, progress: 2 });
  });
});

describe('a player’s access reaches their clash rooms', () => {
  it('after a logout, a token signed before it is refused a clash move (401 token-expired)', async () => {
    const {
      players: [owner],
      gameIds,
    } = await startedClash();
    const before = owner.jar.clone();
    expect((await call('/auth/logout', { method: 'POST', jar: owner.jar })).status).toBe(204);
    await expectError(
      await call(`/games/${gameIds[0]}/roll`, { method: 'PUT', jar: before, body: {} }),
      401,
      'token-expired',
    );
  });

  it('a banned player is refused every clash move', async () => {
    const {
      players: [owner],
      gameIds,
    } = await startedClash();
    await banPlayer(env, database(env.DB), owner.player.id);
    await expectError(await move(owner, gameIds[0] as number, 'roll'), 403, 'player-banned');
    const game = await json(await call(`/games/${gameIds[0]}`));
    expect(game.rollCount).toBe(0);
  });

  it('a pending clash’s room hears of it too', async () => {
    const [owner, a] = await players(2);
    const clash = await createClash(owner, [a]);
    await banPlayer(env, database(env.DB), a.player.id);
    const access = await runInDurableObject(clashRoom(clash.id), (_room, state) =>
      state.storage.kv.get<{ access: Record<string, { banned: boolean }> }>('clash'),
    );
    expect(access?.access[String(a.player.id)]?.banned).toBe(true);
  });
});
