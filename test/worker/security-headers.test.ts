import { describe, expect, it } from 'vitest';
import { guestWithGame, watch } from './games-helpers';
import { call, expectError, registerGuest } from './helpers';

// Every API answer, whatever it says, tells the browser not to sniff it into something else, how much of
// the address to pass on, and (should it ever be opened as a page) to run and load nothing, framed nowhere.

function expectSecurityHeaders(response: Response) {
  expect({
    nosniff: response.headers.get('X-Content-Type-Options'),
    referrer: response.headers.get('Referrer-Policy'),
    csp: response.headers.get('Content-Security-Policy'),
  }).toEqual({
    nosniff: 'nosniff',
    referrer: 'strict-origin-when-cross-origin',
    csp: "default-src 'none'; frame-ancestors 'none'",
  });
}

describe('security headers on API answers', () => {
  it('a 200 carries them', async () => {
    const response = await call('/health');
    expect(response.status).toBe(200);
    expectSecurityHeaders(response);
  });

  it('a 201 that sets the session cookies carries them', async () => {
    const response = await call('/auth/register-guest', { method: 'POST', body: {} });
    expect(response.status).toBe(201);
    expect(response.headers.getAll('Set-Cookie')).toHaveLength(2);
    expectSecurityHeaders(response);
  });

  it('a 401 carries them', async () => {
    const response = await call('/players/me');
    expectSecurityHeaders(response);
    await expectError(response, 401, 'unauthorized');
  });

  it('a 403 from the same-origin guard carries them', async () => {
    const response = await call('/auth/logout', {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    });
    expectSecurityHeaders(response);
    await expectError(response, 403, 'origin-invalid');
  });

  it('a 400 from validation carries them', async () => {
    const response = await call('/auth/token', { method: 'POST', body: { identifier: '' } });
    expect(response.status).toBe(400);
    expectSecurityHeaders(response);
  });

  it('a 404 of a path no route knows carries them', async () => {
    const response = await call('/no-such-route');
    expectSecurityHeaders(response);
    await expectError(response, 404, 'route-not-found');
  });

  it('a refused socket carries them; an accepted one still opens', async () => {
    const me = await guestWithGame();
    const foreign = await call(`/ws/games/${me.game.id}`, {
      headers: { Upgrade: 'websocket', Origin: 'https://evil.example' },
    });
    expectSecurityHeaders(foreign);
    await expectError(foreign, 403, 'origin-invalid');

    const missing = await call('/ws/games/999999999', { headers: { Upgrade: 'websocket' } });
    expectSecurityHeaders(missing);
    expect(missing.status).toBe(404);

    // The 101 is the room's own answer (immutable headers): the middleware leaves it alone.
    const socket = await watch(me.game.id, await registerGuest());
    expect((await socket.next()).type).toBe('GAME');
    socket.close();
  });
});
