import { describe, expect, it } from 'vitest';
import { guestWithGame, move, play, watch } from './games-helpers';
import { call, expectError, registerGuest } from './helpers';

describe('watching a game live (/api/ws/games/{id})', () => {
  it('a socket is greeted with the game as it is now', async () => {
    const me = await guestWithGame();
    const rolled = await play(me, me.game.id, 'roll');
    const socket = await watch(me.game.id);
    const greeting = await socket.next();
    expect(greeting.type).toBe('GAME');
    expect(greeting.game?.dices).toEqual(rolled.dices);
    expect(greeting.game?._links).toEqual({ self: { href: `/api/games/${me.game.id}` } });
    socket.close();
  });

  it('a watcher sees each move as it happens, without action links; the player’s other tab gets them', async () => {
    const me = await guestWithGame();
    const spectator = await registerGuest();
    const watcher = await watch(me.game.id, spectator);
    const otherTab = await watch(me.game.id, me);
    await watcher.next();
    expect(Object.keys((await otherTab.next()).game?._links ?? {}).sort()).toEqual([
      'restart',
      'roll',
      'self',
    ]);

    const rolled = await play(me, me.game.id, 'roll');
    const seen = await watcher.next();
    expect(seen).toEqual({ type: 'GAME', game: { ...rolled, _links: { self: rolled._links.self } } });
    const mine = await otherTab.next();
    expect(mine).toEqual({ type: 'GAME', game: rolled });
    expect(mine.game?._links.fill).toBeDefined();

    const filled = await play(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'TRIPS' });
    expect((await watcher.next()).game?.sheet).toEqual(filled.sheet);
    expect((await otherTab.next()).game?._links.undo).toBeDefined();
    watcher.close();
    otherTab.close();
  });

  it('a refused move sends nothing', async () => {
    const me = await guestWithGame();
    const watcher = await watch(me.game.id);
    await watcher.next();
    const other = await registerGuest();
    await expectError(await move(other, me.game.id, 'roll'), 403, 'not-your-game');
    await expectError(
      await move(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'ONES' }),
      409,
      'roll-required',
    );
    await play(me, me.game.id, 'roll');
    // Had a refusal been broadcast, it would be the next message, with no roll yet.
    expect((await watcher.next()).game?.rollCount).toBe(1);
    watcher.close();
  });

  it('a socket on a game that does not exist is refused: 404 game-not-found', async () => {
    await expectError(
      await call('/ws/games/876543', { headers: { Upgrade: 'websocket' } }),
      404,
      'game-not-found',
    );
  });
});
