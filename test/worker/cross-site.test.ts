import { describe, expect, it } from 'vitest';
import { guestWithGame } from './games-helpers';
import { call, expectError, json, type Player, registerGuest, signUp } from './helpers';

// Another site's page must not act with the visitor's cookies: not by a form, not through a redirect
// (Chromium then sends `Origin: null`), not by opening a socket. Scripts without a browser's headers may.

const APP = 'http://yamb.test';

describe('requests from another site', () => {
  it.each([
    ['Origin: null (a cross-site redirect, a sandboxed frame)', { Origin: 'null' }],
    ['another host', { Origin: 'https://evil.example' }],
    ['the same host over another scheme', { Origin: 'https://yamb.test' }],
    ['the same host on another port', { Origin: 'http://yamb.test:8080' }],
    ['Sec-Fetch-Site: cross-site without an Origin', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site' }],
    ['our Origin but Sec-Fetch-Site: cross-site', { Origin: APP, 'Sec-Fetch-Site': 'cross-site' }],
  ])('are refused on sign-in, guest registration and logout: %s', async (_, headers) => {
    const guest = await registerGuest();
    const attacker = await signUp({ password: 'secret123' });
    const attempts = [
      call('/auth/token', {
        method: 'POST',
        jar: guest.jar.clone(),
        headers,
        body: { identifier: attacker.username, password: 'secret123' },
      }),
      call('/auth/register-guest', { method: 'POST', jar: guest.jar.clone(), headers, body: {} }),
      call('/auth/logout', { method: 'POST', jar: guest.jar.clone(), headers }),
    ];
    for (const response of await Promise.all(attempts)) {
      await expectError(response, 403, 'origin-invalid');
      expect(response.headers.getAll('Set-Cookie')).toEqual([]);
    }
    // The visitor is still themselves.
    expect((await json<Player>(await call('/players/me', { jar: guest.jar }))).id).toBe(guest.player.id);
  });

  it.each([
    ['null', { Origin: 'null' }],
    ['another port', { Origin: 'http://yamb.test:8080' }],
    ['cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
  ])('may not open a socket (Origin %s)', async (_, headers) => {
    const me = await guestWithGame();
    for (const path of [`/ws/games/${me.game.id}`, '/ws/players', '/ws/clashes/1'])
      await expectError(
        await call(path, { headers: { Upgrade: 'websocket', ...headers }, jar: me.jar }),
        403,
        'origin-invalid',
      );
  });

  it('are allowed from our own page, and from a client that sends no Origin or Sec-Fetch headers', async () => {
    const own = await call('/auth/register-guest', {
      method: 'POST',
      body: {},
      headers: { Origin: APP, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(own.status).toBe(201);
    expect((await call('/auth/register-guest', { method: 'POST', body: {} })).status).toBe(201);
  });
});

describe('request bodies', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'a JSON route refuses a %s body with 415, even a JSON-looking one',
    async (type) => {
      const attacker = await signUp({ password: 'secret123' });
      const body = JSON.stringify({ identifier: attacker.username, password: 'secret123' });
      const response = await call('/auth/token', { method: 'POST', body, headers: { 'Content-Type': type } });
      await expectError(response, 415, 'content-type-invalid');
      expect(response.headers.getAll('Set-Cookie')).toEqual([]);
    },
  );

  it('a body without a Content-Type is refused too; no body at all is fine', async () => {
    const guest = await registerGuest();
    await expectError(
      await call('/auth/logout', {
        method: 'POST',
        jar: guest.jar.clone(),
        body: new Uint8Array([123, 125]),
      }),
      415,
      'content-type-invalid',
    );
    expect((await call('/auth/logout', { method: 'POST', jar: guest.jar })).status).toBe(204);
  });

  it('JSON with a charset parameter is JSON', async () => {
    const response = await call('/auth/register-guest', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(response.status).toBe(201);
  });
});
