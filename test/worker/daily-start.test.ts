import { describe, expect, it } from 'vitest';
import { currentGame, type Game, move, play, playTurn, watch } from './games-helpers';
import { call, expectError, json, registerGuest } from './helpers';
import { daily, dailyPlayer, startDaily, startedDaily, today } from './daily-helpers';

describe('starting the daily game', () => {
  it('answers 201 with a DAILY game that has no undo, restart or archive link', async () => {
    const me = await dailyPlayer();
    const before = await daily(me);
    expect(before).toMatchObject({ day: today(), played: false, completed: false, streak: 0 });
    expect(before._links.start?.href).toBe('/api/daily/games');
    expect(before._links.game).toBeUndefined();

    const game = await startedDaily(me);
    expect(game).toMatchObject({ type: 'DAILY', status: 'IN_PROGRESS', player: { id: me.player.id } });
    expect(Object.keys(game._links).sort()).toEqual(['roll', 'self']);

    await play(me, game.id, 'roll');
    const played = await play(me, game.id, 'fill', { columnType: 'FREE', boxType: 'YAMB' });
    for (const name of ['undo', 'restart', 'archive']) expect(played._links).not.toHaveProperty(name);

    const after = await daily(me);
    expect(after).toMatchObject({ played: true, completed: false });
    expect(after._links.game?.href).toBe(`/api/games/${game.id}`);
    expect(after._links.start).toBeUndefined();
  });

  it('refuses undo and restart, and a second start the same day', async () => {
    const me = await dailyPlayer();
    const game = await startedDaily(me);
    await play(me, game.id, 'roll');
    await play(me, game.id, 'fill', { columnType: 'FREE', boxType: 'YAMB' });
    await expectError(await move(me, game.id, 'undo'), 409, 'daily-game-locked');
    await expectError(await move(me, game.id, 'restart'), 409, 'daily-game-locked');
    await expectError(await startDaily(me), 409, 'daily-already-played');
    // Nothing was taken back or started again.
    const again = await json<Game>(await call(`/games/${game.id}`, { jar: me.jar }));
    expect(
      again.sheet.columns.find((c) => c.type === 'FREE')?.boxes.find((b) => b.type === 'YAMB')?.value,
    ).not.toBeNull();
  });

  it('gives one of two racing starts a 201 and the other a 409 for the same game', async () => {
    const me = await dailyPlayer();
    const answers = await Promise.all([startDaily(me), startDaily(me), startDaily(me)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const created = await json<Game>(answers.find((a) => a.status === 201) as Response);
    expect((await daily(me))._links.game?.href).toBe(`/api/games/${created.id}`);
  });

  it('is refused to a guest (403) and to an anonymous caller (401)', async () => {
    const guest = await registerGuest();
    await expectError(await startDaily(guest), 403, 'daily-guest-not-allowed');
    expect((await daily(guest))._links.start).toBeUndefined();
    await expectError(await startDaily(null), 401, 'unauthorized');
    const anonymous = await daily(null);
    expect(anonymous).toMatchObject({ day: today(), played: false, streak: 0 });
    expect(anonymous._links.start).toBeUndefined();
  });

  it("does not replace the player's current solo game", async () => {
    const me = await dailyPlayer();
    const solo = await currentGame(me);
    const game = await startedDaily(me);
    const current = await currentGame(me);
    expect(current.type).toBe('SOLO');
    expect(current.id).toBe(solo.id);
    expect(current.id).not.toBe(game.id);
  });
});

describe("another player's daily game, while its day lasts", () => {
  it('answers 404 to a GET, a move and a socket, and shows in no games list', async () => {
    const me = await dailyPlayer();
    const other = await dailyPlayer();
    const game = await startedDaily(me);
    await playTurn(me, await play(me, game.id, 'roll'));
    // A solo game played at the same moment is listed, so the lists below are the fresh ones.
    const solo = await currentGame(me);
    await play(me, solo.id, 'roll');

    for (const viewer of [other, null]) {
      await expectError(await call(`/games/${game.id}`, { jar: viewer?.jar }), 404, 'game-not-found');
      const socket = await call(`/ws/games/${game.id}`, {
        headers: { Upgrade: 'websocket' },
        jar: viewer?.jar,
      });
      expect(socket.status).toBe(404);
    }
    await expectError(await move(other, game.id, 'roll'), 404, 'game-not-found');
    // Its player sees it and watches it.
    expect((await call(`/games/${game.id}`, { jar: me.jar })).status).toBe(200);
    const watcher = await watch(game.id, me);
    expect((await watcher.next()).game?.id).toBe(game.id);
    watcher.close();

    // The index has both games once the room's write-behind has run; a list reads the index.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const listed = async (path: string) => {
      const response = await call(path, { jar: me.jar });
      expect(response.status).toBe(200);
      const page = await json<{ _embedded: { games: { id: number }[] } }>(response);
      return page._embedded.games.map((g) => g.id);
    };
    for (const path of ['/games/?size=100&sort=updatedAt', `/players/${me.player.id}/games?size=100`]) {
      const ids = await listed(path);
      expect(ids).toContain(solo.id);
      expect(ids).not.toContain(game.id);
    }
  });
});
