import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { guestWithGame } from './games-helpers';
import {
  CookieJar,
  call,
  expectError,
  fileForm,
  json,
  type Player,
  pngImage,
  registerGuest,
  setCookies,
  signUp,
} from './helpers';

// An access token lives 15 minutes; its cookie lives as long as the refresh token. So a tab that comes
// back after a pause still sends it, and the server can say "expired" instead of treating the player
// as a stranger: the client refreshes and asks again.

const DEV_SECRET = 'yamb-local-development-secret-not-for-production';

/** An access token of the player that expired a while ago (or one signed with the wrong key). */
async function staleToken(playerId: number, secret = DEV_SECRET, expiredSecondsAgo = 60) {
  const now = Math.floor(Date.now() / 1000);
  return sign(
    { sub: String(playerId), iat: now - 900 - expiredSecondsAgo, exp: now - expiredSecondsAgo },
    secret,
    'HS256',
  );
}

describe('an expired access token', () => {
  it('keeps its cookie as long as the refresh token does', async () => {
    const { jar } = await registerGuest();
    const response = await call('/auth/refresh', { method: 'POST', jar });
    const access = setCookies(response).find((line) => line.startsWith('yamb_access='));
    expect(access).toMatch(/Max-Age=2592000/i);
  });

  it('is a 401 token-expired on the API and on the socket; after a refresh the same calls work', async () => {
    const me = await guestWithGame();
    me.jar.set('yamb_access', await staleToken(me.player.id));

    await expectError(await call('/players/me', { jar: me.jar }), 401, 'token-expired');
    await expectError(await call(`/games/${me.game.id}`, { jar: me.jar }), 401, 'token-expired');
    await expectError(
      await call(`/ws/games/${me.game.id}`, { jar: me.jar, headers: { Upgrade: 'websocket' } }),
      401,
      'token-expired',
    );

    expect((await call('/auth/refresh', { method: 'POST', jar: me.jar })).status).toBe(200);
    expect((await json<Player>(await call('/players/me', { jar: me.jar }))).id).toBe(me.player.id);
    const game = await json(await call(`/games/${me.game.id}`, { jar: me.jar }));
    expect(game._links.roll).toBeDefined();
  });

  it('says so in Croatian too', async () => {
    const { jar, player } = await registerGuest();
    jar.set('yamb_access', await staleToken(player.id));
    const body = await expectError(await call('/players/me', { jar, language: 'hr' }), 401, 'token-expired');
    expect(body.message).not.toBe('Morate se prijaviti');
  });

  it('a token signed with another key is refused the same way', async () => {
    const { jar, player } = await registerGuest();
    jar.set('yamb_access', await staleToken(player.id, 'another-secret', -600));
    await expectError(await call('/players/me', { jar }), 401, 'token-expired');
  });

  it('is no obstacle to the routes that start or end a session, nor to health', async () => {
    const account = await signUp();
    const expired = async () => new CookieJar().set('yamb_access', await staleToken(account.player.id));

    expect((await call('/health', { jar: await expired() })).status).toBe(200);
    expect(
      (await call('/auth/register-guest', { method: 'POST', body: {}, jar: await expired() })).status,
    ).toBe(201);
    const signedIn = await call('/auth/token', {
      method: 'POST',
      body: { identifier: account.username, password: account.password },
      jar: await expired(),
    });
    expect(signedIn.status).toBe(200);
    expect((await call('/auth/logout', { method: 'POST', jar: await expired() })).status).toBe(204);
    const now = Math.floor(Date.now() / 1000);
    const fresh = await sign(
      { sub: String(account.player.id), iat: now, exp: now + 600 },
      DEV_SECRET,
      'HS256',
    );
    const migrated = await call('/auth/migrate', {
      method: 'POST',
      jar: await expired(),
      headers: { Authorization: `Bearer ${fresh}` },
    });
    expect(migrated.status).toBe(200);
  });

  it('does not stand between an <img> and an avatar (the page cannot refresh for it)', async () => {
    const { jar, player } = await registerGuest();
    const uploaded = await call(player._links.avatar?.href as string, {
      method: 'PUT',
      jar,
      body: fileForm(await pngImage(300, 300)),
    });
    const url = (await json<Player>(uploaded)).avatar?.url as string;
    jar.set('yamb_access', await staleToken(player.id));
    expect((await call(url, { jar })).status).toBe(200);
  });

  it('when the refresh fails too, the cookies go and the browser carries on as a visitor', async () => {
    const me = await guestWithGame();
    const jar = new CookieJar().set('yamb_access', await staleToken(me.player.id));
    await expectError(await call('/auth/refresh', { method: 'POST', jar }), 401, 'unauthorized');
    expect(jar.get('yamb_access')).toBeUndefined();
    const watched = await call(`/games/${me.game.id}`, { jar });
    expect(watched.status).toBe(200);
    expect((await json(watched))._links).toEqual({ self: { href: `/api/games/${me.game.id}` } });
  });
});
