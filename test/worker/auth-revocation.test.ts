import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { banPlayer } from '../../worker/auth/access';
import { database } from '../../worker/db/client';
import { guestWithGame, move } from './games-helpers';
import {
  CookieJar,
  call,
  callAndSettle,
  expectError,
  json,
  mailedToken,
  type Player,
  registerGuest,
  registerPlayer,
  signIn,
  verifyEmail,
} from './helpers';

// An access token lives 15 minutes. When a session ends (logout, a password change or reset, a stolen
// refresh token) or the player is banned, the tokens signed before must stop working at once, on every
// route and every socket, not when they expire.

/** A copy of only the access cookie: what someone holds who copied it, without the refresh token. */
const accessOnly = (jar: CookieJar) => new CookieJar().set('yamb_access', jar.get('yamb_access') as string);

const roll = (jar: CookieJar, gameId: number) =>
  call(`/games/${gameId}/roll`, { method: 'PUT', jar, body: {} });

/** What a held access token can do: read the player, open the private channel. */
async function works(jar: CookieJar) {
  const me = await call('/players/me', { jar });
  const socket = await call('/ws/players', { headers: { Upgrade: 'websocket' }, jar });
  socket.webSocket?.accept();
  socket.webSocket?.close();
  return { me: me.status, socket: socket.status };
}

describe('an access token stops working at once', () => {
  it('after logout: on routes, moves and sockets (401 token-expired)', async () => {
    const guest = await guestWithGame();
    const copy = accessOnly(guest.jar);
    expect(await works(copy)).toEqual({ me: 200, socket: 101 });
    expect((await call('/auth/logout', { method: 'POST', jar: guest.jar })).status).toBe(204);
    await expectError(await call('/players/me', { jar: copy }), 401, 'token-expired');
    await expectError(await roll(copy, guest.game.id), 401, 'token-expired');
    await expectError(
      await call('/ws/players', { headers: { Upgrade: 'websocket' }, jar: copy }),
      401,
      'token-expired',
    );
    await expectError(
      await call(`/ws/games/${guest.game.id}`, { headers: { Upgrade: 'websocket' }, jar: copy }),
      401,
      'token-expired',
    );
  });

  it('after logout, the player’s open private channel is closed, not only refused when it reconnects', async () => {
    const guest = await registerGuest();
    const response = await call('/ws/players', { headers: { Upgrade: 'websocket' }, jar: guest.jar });
    const socket = response.webSocket;
    if (!socket) throw new Error('no socket');
    const closed = new Promise<number>((resolve) =>
      socket.addEventListener('close', (event) => resolve(event.code)),
    );
    socket.accept();
    // A stranger's logout closes nothing of ours: the channel still answers.
    const stranger = await registerGuest();
    expect((await call('/auth/logout', { method: 'POST', jar: stranger.jar })).status).toBe(204);
    const pong = new Promise((resolve) =>
      socket.addEventListener('message', (event) => event.data === 'pong' && resolve(event.data)),
    );
    socket.send('ping');
    expect(await pong).toBe('pong');
    expect((await call('/auth/logout', { method: 'POST', jar: guest.jar })).status).toBe(204);
    expect(await closed).toBe(4001);
  });

  it('after logout on one device, another device of the player carries on after one refresh', async () => {
    const account = await registerPlayer({ password: 'secret123' });
    const laptop = (await signIn(account.username, 'secret123')).jar;
    expect((await call('/auth/logout', { method: 'POST', jar: account.jar })).status).toBe(204);
    // The laptop's access token was signed before the logout: refused, so the client refreshes.
    await expectError(await call('/players/me', { jar: laptop }), 401, 'token-expired');
    expect((await call('/auth/refresh', { method: 'POST', jar: laptop })).status).toBe(200);
    expect((await json<Player>(await call('/players/me', { jar: laptop }))).id).toBe(account.player.id);
  });

  it('after a password change: every other copy is refused, the changing browser stays signed in', async () => {
    const account = await registerPlayer({ password: 'secret123' });
    const copy = accessOnly(account.jar);
    const changed = await call('/auth/password-reset', {
      method: 'PUT',
      jar: account.jar,
      body: { oldPassword: 'secret123', newPassword: 'secret456' },
    });
    expect(changed.status).toBe(200);
    await expectError(await call('/players/me', { jar: copy }), 401, 'token-expired');
    expect((await json<Player>(await call('/players/me', { jar: account.jar }))).id).toBe(account.player.id);
  });

  it('after a password reset by mail', async () => {
    const email = `reset-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const account = await registerPlayer({ email, password: 'secret123' });
    await verifyEmail(email);
    const copy = accessOnly(account.jar);
    expect(
      (await callAndSettle('/auth/password-reset-token', { method: 'POST', body: { email } })).status,
    ).toBe(204);
    const token = await mailedToken(email, '/password-reset');
    const reset = await call(`/auth/password-reset?token=${encodeURIComponent(token)}`, {
      method: 'PUT',
      body: { newPassword: 'secret789' },
    });
    expect(reset.status).toBe(200);
    await expectError(await call('/players/me', { jar: copy }), 401, 'token-expired');
  });

  it('after a stolen refresh token is detected, the thief’s access token dies with the family', async () => {
    const victim = await registerGuest();
    const thief = victim.jar.clone();
    expect((await call('/auth/refresh', { method: 'POST', jar: thief })).status).toBe(200);
    const thiefAccess = accessOnly(thief);
    await env.DB.prepare('UPDATE sessions SET rotated_at = rotated_at - 31000 WHERE player_id = ?')
      .bind(victim.player.id)
      .run();
    // The victim's browser presents the rotated token: reuse, so the whole family is revoked.
    await expectError(
      await call('/auth/refresh', { method: 'POST', jar: victim.jar }),
      401,
      'session-revoked',
    );
    await expectError(await call('/players/me', { jar: thiefAccess }), 401, 'token-expired');
  });

  it('a game room made after the ending knows of it too: the old token cannot move in the new game', async () => {
    const account = await registerPlayer({ password: 'secret123' });
    const old = accessOnly(account.jar);
    const phone = await signIn(account.username, 'secret123');
    expect((await call('/auth/logout', { method: 'POST', jar: account.jar })).status).toBe(204);
    // The phone refreshes and starts the player's first game after the logout.
    expect((await call('/auth/refresh', { method: 'POST', jar: phone.jar })).status).toBe(200);
    const game = await call('/games', {
      method: 'PUT',
      jar: phone.jar,
      body: { playerId: account.player.id },
    });
    const { id } = await json(game);
    await expectError(await roll(old, id), 401, 'token-expired');
    expect((await roll(phone.jar, id)).status).toBe(200);
  });

  it('a token signed after the ending works: a new sign-in is not caught by the old one', async () => {
    const account = await registerPlayer({ password: 'secret123' });
    expect((await call('/auth/logout', { method: 'POST', jar: account.jar })).status).toBe(204);
    const again = await signIn(account.username, 'secret123');
    expect((await call('/players/me', { jar: again.jar })).status).toBe(200);
  });
});

describe('a banned player', () => {
  // What the admin area's ban will call (there is no admin route yet).
  const ban = (playerId: number) => banPlayer(env, database(env.DB), playerId);

  it('is refused every move and socket at once (403 player-banned), with a token signed before the ban', async () => {
    const guest = await guestWithGame();
    await ban(guest.player.id);
    await expectError(await move(guest, guest.game.id, 'roll', {}), 403, 'player-banned');
    await expectError(await move(guest, guest.game.id, 'restart', {}), 403, 'player-banned');
    await expectError(
      await call('/games', { method: 'PUT', jar: guest.jar, body: { playerId: guest.player.id } }),
      403,
      'player-banned',
    );
    await expectError(
      await call('/ws/players', { headers: { Upgrade: 'websocket' }, jar: guest.jar }),
      403,
      'player-banned',
    );
    await expectError(
      await call(`/ws/games/${guest.game.id}`, { headers: { Upgrade: 'websocket' }, jar: guest.jar }),
      403,
      'player-banned',
    );
    // Nothing was played.
    const game = await json(await call(`/games/${guest.game.id}`));
    expect(game.rollCount).toBe(0);
  });

  it('can still sign out', async () => {
    const guest = await registerGuest();
    await ban(guest.player.id);
    expect((await call('/auth/logout', { method: 'POST', jar: guest.jar })).status).toBe(204);
  });
});
