import { env, listDurableObjectIds } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { guestWithGame, move, watch } from './games-helpers';
import { call, expectError, registerGuest } from './helpers';

// Only a game in the D1 index has a room: asking for any other number answers 404 and starts nothing,
// so no one can make the Worker spin up a Durable Object per number they care to try.

/** Whether a room has ever been started (and kept anything) for `name`. */
async function roomExists<T extends Rpc.DurableObjectBranded | undefined>(
  namespace: DurableObjectNamespace<T>,
  name: string,
) {
  const wanted = namespace.idFromName(name);
  return (await listDurableObjectIds(namespace)).some((id) => id.equals(wanted));
}

describe('a game that does not exist', () => {
  it('is a 404 game-not-found to read, to play and to watch, and no room is started for it', async () => {
    const me = await registerGuest();
    await expectError(await call('/games/424242'), 404, 'game-not-found');
    await expectError(await call('/games/424242', { jar: me.jar }), 404, 'game-not-found');
    await expectError(await move(me, 424242, 'roll'), 404, 'game-not-found');
    await expectError(
      await call('/ws/games/424242', { headers: { Upgrade: 'websocket' } }),
      404,
      'game-not-found',
    );
    expect(await roomExists(env.GAME_ROOM, '424242')).toBe(false);
  });

  it('a game of the index still answers, and its socket still greets', async () => {
    const me = await guestWithGame();
    expect((await call(`/games/${me.game.id}`)).status).toBe(200);
    const socket = await watch(me.game.id);
    expect((await socket.next()).game?.id).toBe(me.game.id);
    socket.close();
  });
});

describe('a clash socket', () => {
  it('is 404 clash-not-found for a number that is no clash, even to a watcher, and starts no room', async () => {
    await expectError(
      await call('/ws/clashes/31337', { headers: { Upgrade: 'websocket' } }),
      404,
      'clash-not-found',
    );
    expect(await roomExists(env.CLASH_ROOM, '31337')).toBe(false);
  });
});
