import { describe, expect, it } from 'vitest';
import type { GameMessage } from '../../contract/games';
import { guestWithGame, move, play, watch } from './games-helpers';
import { type CookieJar, call, expectError, registerGuest } from './helpers';

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

describe('opening a game socket', () => {
  const upgrade = (gameId: number, headers: Record<string, string> = {}, session?: { jar: CookieJar }) =>
    call(`/ws/games/${gameId}`, { headers: { Upgrade: 'websocket', ...headers }, jar: session?.jar });

  it('from another site’s page is refused: 403 origin-invalid', async () => {
    const me = await guestWithGame();
    await expectError(
      await upgrade(me.game.id, { Origin: 'https://evil.example' }, me),
      403,
      'origin-invalid',
    );
    await expectError(
      await upgrade(me.game.id, { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' }, me),
      403,
      'origin-invalid',
    );
    const presence = await call('/ws/players', {
      headers: { Upgrade: 'websocket', Origin: 'https://evil.example' },
      jar: me.jar,
    });
    await expectError(presence, 403, 'origin-invalid');
  });

  it('from this site’s page, or from a client that sends no Origin, is accepted', async () => {
    const me = await guestWithGame();
    const mine = await upgrade(me.game.id, { Origin: 'http://yamb.test' }, me);
    expect(mine.status).toBe(101);
    mine.webSocket?.accept();
    mine.webSocket?.close();
    const plain = await upgrade(me.game.id);
    expect(plain.status).toBe(101);
    plain.webSocket?.accept();
    plain.webSocket?.close();
  });

  it('cannot claim to be the player: a client’s own X-Yamb-Viewer header is dropped', async () => {
    const me = await guestWithGame();
    const other = await registerGuest();
    for (const session of [undefined, other]) {
      const response = await upgrade(me.game.id, { 'X-Yamb-Viewer': String(me.player.id) }, session);
      expect(response.status).toBe(101);
      const socket = response.webSocket as WebSocket;
      const first = new Promise<GameMessage>((resolve) =>
        socket.addEventListener('message', (e) => resolve(JSON.parse(String(e.data)) as GameMessage)),
      );
      socket.accept();
      expect((await first).game?._links).toEqual({ self: { href: `/api/games/${me.game.id}` } });
      socket.close();
    }
  });

  it('without an Upgrade header is a 426 upgrade-required, in the caller’s language', async () => {
    const me = await guestWithGame();
    const body = await expectError(
      await call(`/ws/games/${me.game.id}`, { language: 'hr' }),
      426,
      'upgrade-required',
    );
    expect(body.message).not.toBe('Nešto je pošlo po zlu kod nas. Pokušajte ponovno.');
  });
});
