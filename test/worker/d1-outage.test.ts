import { runDurableObjectAlarm } from 'cloudflare:test';
import { sign } from 'hono/jwt';
import { afterEach, describe, expect, it } from 'vitest';
import type { Health } from '../../contract/health';
import { BRIDGE_MAX_MS } from '../../worker/auth/session';
import { gameOf, socket, startedClash } from './clashes-helpers';
import { type Game, guestWithGame, indexRow, move, play, roomOf, watch } from './games-helpers';
import {
  call,
  CookieJar,
  DEV_SECRET,
  expectError,
  json,
  type Player,
  registerGuest,
  registerPlayer,
  uniqueName,
} from './helpers';

// D1 down, players go on: the development switch (POST /api/dev/outage, worker/db/outage.ts) makes every
// D1 call of this file's Worker and rooms fail as an unreachable D1 does.

const outage = async (d1: boolean) =>
  expect((await call('/dev/outage', { method: 'POST', body: { d1 } })).status).toBe(200);

afterEach(() => outage(false));

/** The player's access token as it is 20 minutes after a sign-in signed at `issuedAtMs`: expired. */
async function expiredToken(playerId: number, issuedAtMs = Date.now() - 20 * 60_000) {
  const iat = Math.floor(issuedAtMs / 1000);
  return sign({ sub: String(playerId), iat, ims: issuedAtMs, exp: iat + 15 * 60 }, DEV_SECRET, 'HS256');
}

const roll = (jar: CookieJar, path: string) =>
  call(path, { method: 'PUT', jar, body: { diceToRoll: [0, 1, 2, 3, 4] } });

describe('with D1 down', () => {
  it('the health answer says the database is down and the rooms are up', async () => {
    await outage(true);
    const response = await call('/health');
    expect(response.status).toBe(503);
    const health = await json<Health>(response);
    expect(health.services.database.up).toBe(false);
    expect(health.services.rooms.up).toBe(true);
    await outage(false);
    expect((await call('/health')).status).toBe(200);
  });

  it('sign-in answers 503 database-unavailable in the player’s language, not 500', async () => {
    const account = await registerPlayer();
    await outage(true);
    const body = { identifier: account.player.name, password: account.password };
    const english = await call('/auth/token', { method: 'POST', body });
    await expectError(english, 503, 'database-unavailable');
    const croatian = await call('/auth/token', { method: 'POST', body, language: 'hr' });
    expect(croatian.status).toBe(503);
    expect((await json<{ message: string }>(croatian)).message).toMatch(/^Baza podataka trenutačno nije/);
    await outage(false);
    expect((await call('/auth/token', { method: 'POST', body })).status).toBe(200);
  });

  it('sign-up and a guest’s registration answer 503 database-unavailable', async () => {
    await outage(true);
    const body = { username: uniqueName('Up'), password: 'correct horse battery' };
    await expectError(await call('/auth/register', { method: 'POST', body }), 503, 'database-unavailable');
    await expectError(
      await call('/auth/register-guest', { method: 'POST', body: {} }),
      503,
      'database-unavailable',
    );
  });

  it('a refresh keeps the session: the expired access token is renewed, a move goes on; D1 back, the refresh rotates as ever', async () => {
    const me = await guestWithGame();
    me.jar.set('yamb_access', await expiredToken(me.player.id));
    await expectError(await roll(me.jar, `/api/games/${me.game.id}/roll`), 401, 'token-expired');
    await outage(true);
    const refreshed = await call('/auth/refresh', { method: 'POST', jar: me.jar });
    expect(refreshed.status).toBe(204);
    const rolled = await roll(me.jar, `/api/games/${me.game.id}/roll`);
    expect(rolled.status).toBe(200);
    expect((await json<Game>(rolled)).rollCount).toBe(1);
    // What needs the player's row waits for D1.
    await expectError(await call('/players/me', { jar: me.jar }), 503, 'database-unavailable');

    await outage(false);
    expect((await json<Player>(await call('/players/me', { jar: me.jar }))).id).toBe(me.player.id);
    expect((await call('/auth/refresh', { method: 'POST', jar: me.jar })).status).toBe(200);
    expect((await json<Player>(await call('/players/me', { jar: me.jar }))).id).toBe(me.player.id);
  });

  it('the renewal revives no session that ended, nor one signed in too long ago, nor one without a refresh cookie', async () => {
    const me = await guestWithGame();
    // Signed out first (on another device, say): the room refuses the renewed token as it would the old one.
    await call('/auth/logout', { method: 'POST', jar: me.jar.clone() });
    const ended = new CookieJar()
      .set('yamb_access', await expiredToken(me.player.id))
      .set('yamb_refresh', 'whatever');
    await outage(true);
    expect((await call('/auth/refresh', { method: 'POST', jar: ended })).status).toBe(204);
    await expectError(await roll(ended, `/api/games/${me.game.id}/roll`), 401, 'token-expired');

    const old = new CookieJar()
      .set('yamb_access', await expiredToken(me.player.id, Date.now() - BRIDGE_MAX_MS - 60_000))
      .set('yamb_refresh', 'whatever');
    await expectError(await call('/auth/refresh', { method: 'POST', jar: old }), 503, 'database-unavailable');
    const bare = new CookieJar().set('yamb_access', await expiredToken(me.player.id));
    // Without a refresh cookie there is no session to keep: the answer it always was.
    await expectError(await call('/auth/refresh', { method: 'POST', jar: bare }), 401, 'unauthorized');
  });

  it('a solo game is played on and watched: moves, and a socket opened during the outage, its room found without D1', async () => {
    const me = await guestWithGame();
    await outage(true);
    const watcher = await watch(me.game.id, me);
    expect((await watcher.next()).game?.rollCount).toBe(0);
    const rolled = await play(me, me.game.id, 'roll');
    expect((await watcher.next()).game?.rollCount).toBe(1);
    const filled = await play(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'ONES' });
    expect(filled.sheet).not.toEqual(rolled.sheet);
    expect((await call(`/games/${me.game.id}`, { jar: me.jar })).status).toBe(200);
    watcher.close();
    // Another player's game is still not theirs; no game at all cannot be told from a clash's: 503.
    const stranger = await registerGuestBeforeOutage();
    await expectError(await move(stranger, me.game.id, 'roll'), 403, 'not-your-game');
    await expectError(await call('/games/999999999'), 503, 'database-unavailable');
  });

  it('a clash is played on and its socket reopened during the outage', async () => {
    const { clash, players, gameIds } = await startedClash();
    const [owner] = players;
    const gameId = gameIds[0] as number;
    const game = await gameOf(owner!, gameId);
    await outage(true);
    const live = await socket(`clashes/${clash.id}`, owner!);
    expect((await live.next()).type).toBe('UPDATE');
    const rolled = await roll(owner!.jar, game._links.roll!.href);
    expect(rolled.status).toBe(200);
    expect((await json<Game>(rolled)).rollCount).toBe(1);
    const gameSocket = await socket(`games/${gameId}`, owner!);
    expect((await gameSocket.next()).type).toBe('GAME');
    live.close();
    gameSocket.close();
  });

  it('a clash game first read during the outage is found through its clash, as the clash screen asks for it', async () => {
    const { clash, players, gameIds } = await startedClash();
    const [owner] = players;
    const gameId = gameIds[1] as number;
    await outage(true);
    const read = await call(`/games/${gameId}?clash=${clash.id}`, { jar: owner!.jar });
    expect(read.status).toBe(200);
    const game = await json<Game>(read);
    expect(game).toMatchObject({ id: gameId, clashId: clash.id, status: 'IN_PROGRESS' });
    // The room answers for its own games only: another clash's number finds nothing.
    await expectError(
      await call(`/games/${gameId}?clash=987654`, { jar: owner!.jar }),
      404,
      'game-not-found',
    );
  });

  it('a clash board’s socket first opened during the outage is let in through its clash, as its reads are', async () => {
    const { clash, players, gameIds } = await startedClash();
    const [owner] = players;
    const gameId = gameIds[1] as number;
    await outage(true);
    // Without the clash named, only D1 could say which room holds the game.
    const upgrade = { headers: { Upgrade: 'websocket' }, jar: owner!.jar };
    await expectError(await call(`/ws/games/${gameId}`, upgrade), 503, 'database-unavailable');
    const board = await socket(`games/${gameId}?clash=${clash.id}`, owner!);
    const greeting = await board.next();
    expect(greeting).toMatchObject({ type: 'GAME', game: { id: gameId, clashId: clash.id } });
    board.close();
    // Another clash's number holds no such game.
    await expectError(await call(`/ws/games/${gameId}?clash=987654`, upgrade), 404, 'game-not-found');
  });

  it('a clash screen reloads during the outage: its players read the clash from its room, a number that is no clash stays 404', async () => {
    const { clash, players } = await startedClash();
    const [owner] = players;
    await outage(true);
    const reloaded = await call(`/clashes/${clash.id}`, { jar: owner!.jar });
    expect(reloaded.status).toBe(200);
    const body = await json<{ id: number; status: string; players: { id: number }[] }>(reloaded);
    expect(body).toMatchObject({ id: clash.id, status: 'IN_PROGRESS' });
    expect(body.players.map((player) => player.id)).toEqual(clash.players.map((player) => player.id));
    await expectError(await call('/clashes/987654', { jar: owner!.jar }), 404, 'clash-not-found');
  });

  it('the index falls behind and catches up once D1 is back', async () => {
    const me = await guestWithGame();
    const before = await indexRow(me.game.id);
    await outage(true);
    await play(me, me.game.id, 'roll');
    const filled = await play(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'ONES' });
    // The room's write-behind meets the outage and keeps its alarm for a retry.
    expect(await runDurableObjectAlarm(roomOf(me.game.id))).toBe(true);
    await outage(false);
    expect(await indexRow(me.game.id)).toEqual(before);
    expect(await runDurableObjectAlarm(roomOf(me.game.id))).toBe(true);
    const row = await indexRow(me.game.id);
    expect({ totalSum: row?.totalSum, progress: row?.progress, updatedAt: row?.updatedAt }).toEqual({
      totalSum: filled.totalSum,
      progress: filled.progress,
      updatedAt: Date.parse(filled.updatedAt),
    });
  });
});

/** A guest registered while D1 is up, for a test that takes it down afterwards. */
async function registerGuestBeforeOutage() {
  await outage(false);
  const guest = await registerGuest();
  await outage(true);
  return guest;
}
