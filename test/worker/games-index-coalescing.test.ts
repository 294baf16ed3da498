import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { boxCount, CLASSIC_RULES } from '../../game';
import { Alarms, logRoomError } from '../../durable-objects/alarms';
import { INDEX_DELAY_MS, PROGRESS_INTERVAL_MS } from '../../durable-objects/writeBehindIndex';
import { type Game, guestWithGame, indexRow, play, playTurn, roomOf, scoresOf, setD1 } from './games-helpers';

/** The real D1, counting the statements that update a row of `games` (the index write of a game). */
function countingGameWrites() {
  const count = { writes: 0 };
  const db = new Proxy(env.DB, {
    get(target, name) {
      if (name === 'prepare')
        return (sql: string) => {
          if (/^update "games"/i.test(sql)) count.writes += 1;
          return target.prepare(sql);
        };
      const value: unknown = Reflect.get(target, name);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db, count };
}

/** How far ahead of now the room's alarm is set (null: none). */
async function alarmIn(gameId: number): Promise<number | null> {
  const at = await runInDurableObject(roomOf(gameId), (_room, state) => state.storage.getAlarm());
  return at === null ? null : at - Date.now();
}

describe('the D1 index of a game in progress is coalesced', () => {
  it('several moves reach the index as one write, at most every PROGRESS_INTERVAL_MS', async () => {
    const me = await guestWithGame();
    const { db, count } = countingGameWrites();
    await setD1(me.game.id, db);

    // The first move lists the game (db/games.ts playedGame): that is written within INDEX_DELAY_MS.
    await play(me, me.game.id, 'roll');
    expect(await alarmIn(me.game.id)).toBeLessThanOrEqual(INDEX_DELAY_MS);
    expect(await runDurableObjectAlarm(roomOf(me.game.id))).toBe(true);
    expect(count.writes, 'the first move, at once').toBe(1);
    count.writes = 0;

    await play(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'ONES' });
    await play(me, me.game.id, 'roll');
    await play(me, me.game.id, 'roll');
    const game = await play(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'TWOS' });

    // The next move set the write PROGRESS_INTERVAL_MS ahead; the three after it did not push it on.
    const due = await alarmIn(me.game.id);
    expect(due).toBeGreaterThan(INDEX_DELAY_MS);
    expect(due).toBeLessThanOrEqual(PROGRESS_INTERVAL_MS);
    expect(count.writes, 'nothing written while the moves come in').toBe(0);

    expect(await runDurableObjectAlarm(roomOf(me.game.id))).toBe(true);
    expect(count.writes, 'four moves, one write').toBe(1);
    expect(await indexRow(me.game.id)).toMatchObject({
      status: 'IN_PROGRESS',
      totalSum: game.totalSum,
      progress: game.progress,
      updatedAt: Date.parse(game.updatedAt),
    });

    // The next move waits its interval again.
    await play(me, me.game.id, 'roll');
    expect(await alarmIn(me.game.id)).toBeGreaterThan(INDEX_DELAY_MS);
  });

  // A whole game is some 150 requests: more than the default 5 s on a busy machine.
  it('a completion is written before the last fill is answered', { timeout: 30_000 }, async () => {
    const me = await guestWithGame();
    let game: Game = me.game;
    for (let turn = 0; turn < boxCount(CLASSIC_RULES) - 1; turn++) game = await playTurn(me, game);
    expect(game.status).toBe('IN_PROGRESS');
    // A write is pending from the moves above. The loop can take longer than PROGRESS_INTERVAL_MS on a busy
    // machine, so that write may be nearly due: its deadline is moved on (through the room's own Alarms),
    // or it could fire during the last turn and be a write of its own.
    expect(await alarmIn(me.game.id)).not.toBeNull();
    await runInDurableObject(roomOf(me.game.id), (_room, state) =>
      new Alarms<'index'>(state.storage, logRoomError('test')).set('index', Date.now() + 60_000),
    );
    const { db, count } = countingGameWrites();
    await setD1(me.game.id, db);

    game = await playTurn(me, game);

    expect(game.status).toBe('COMPLETED');
    expect(count.writes).toBe(1);
    expect(await indexRow(me.game.id)).toMatchObject({ status: 'COMPLETED', totalSum: game.totalSum });
    expect(await scoresOf(me.game.id)).toEqual([{ playerId: me.player.id, value: game.totalSum }]);
    // The completion's write took the pending progress along: nothing is left to write.
    expect(await alarmIn(me.game.id)).toBeNull();
  });
});
