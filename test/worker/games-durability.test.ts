import { abortAllDurableObjects, env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { GameRoom } from '../../durable-objects/GameRoom';
import { downD1, flushIndex, type Game, guestWithGame, indexRow, play, roomOf, setD1 } from './games-helpers';
import { call, json } from './helpers';

describe('the room’s storage is the truth', () => {
  it('a move answered 200 survives the room being restarted', async () => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    const filled = await play(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'FOURS' });
    const rolled = await play(me, me.game.id, 'roll');

    await abortAllDurableObjects();

    const after = await json<Game>(await call(`/games/${me.game.id}`, { jar: me.jar }));
    expect(after).toEqual(rolled);
    expect(after.sheet).toEqual(filled.sheet);
    // And play goes on from there: the undo of the fill is gone (a roll came after), a roll is still allowed.
    expect((await play(me, me.game.id, 'roll')).rollCount).toBe(2);
  });
});

describe('the D1 index follows the room', () => {
  it('within a second of a move, by the room’s alarm, with the total and progress', async () => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    const filled = await play(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'MAX' });
    expect(await runDurableObjectAlarm(roomOf(me.game.id))).toBe(true);
    expect(await indexRow(me.game.id)).toMatchObject({
      status: 'IN_PROGRESS',
      totalSum: filled.totalSum,
      progress: 2,
      updatedAt: Date.parse(filled.updatedAt),
    });
    // Once current, nothing is left scheduled.
    expect(await runDurableObjectAlarm(roomOf(me.game.id))).toBe(false);
  });

  it('even when the room was restarted before it wrote the index', async () => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    const filled = await play(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'SIXES' });
    await abortAllDurableObjects();
    expect(await runDurableObjectAlarm(roomOf(me.game.id))).toBe(true);
    expect(await indexRow(me.game.id)).toMatchObject({ totalSum: filled.totalSum, progress: 2 });
  });

  it('when D1 refuses the write, the moves still count and a later alarm delivers the index', async () => {
    const me = await guestWithGame();
    await setD1(me.game.id, downD1);
    await play(me, me.game.id, 'roll');
    const filled = await play(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'YAMB' });
    expect(await runDurableObjectAlarm(roomOf(me.game.id))).toBe(true);
    expect(await indexRow(me.game.id)).toMatchObject({ progress: 0 });
    const pending = await runInDurableObject(roomOf(me.game.id), (_room, state) => state.storage.getAlarm());
    expect(pending, 'a retry is scheduled').not.toBeNull();

    await setD1(me.game.id, env.DB);
    expect(await runDurableObjectAlarm(roomOf(me.game.id))).toBe(true);
    expect(await indexRow(me.game.id)).toMatchObject({ totalSum: filled.totalSum, progress: 2 });
  });

  it('the index write is idempotent: writing it again changes nothing', async () => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    await play(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'ONES' });
    await flushIndex(me.game.id);
    const before = await indexRow(me.game.id);
    await runInDurableObject(roomOf(me.game.id), async (room: GameRoom, state) => {
      state.storage.kv.put('indexed-version', 0);
      await room.onAlarm();
    });
    expect(await indexRow(me.game.id)).toEqual(before);
  });
});
