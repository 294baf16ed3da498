import { env } from 'cloudflare:test';
import { sign } from 'hono/jwt';
import { describe, expect, it, vi } from 'vitest';
import { PBKDF2_ITERATIONS, verifyPassword } from '../../worker/auth/passwords';
import {
  CookieJar,
  call,
  expectError,
  json,
  type Player,
  registerGuest,
  setCookies,
  signIn,
  signUp,
  uniqueEmail,
  verifyEmail,
} from './helpers';

const DEV_SECRET = 'yamb-local-development-secret-not-for-production';
const token = (body: object, jar?: CookieJar, headers?: Record<string, string>) =>
  call('/auth/token', { method: 'POST', body, jar, headers });

describe('sign-in (POST /api/auth/token)', () => {
  it('accepts {identifier}, {username} and {email}, each with the password', async () => {
    const email = uniqueEmail();
    const { username, player } = await signUp({ email, password: 'secret123' });
    await verifyEmail(email);
    for (const body of [
      { identifier: username, password: 'secret123' },
      { identifier: email.toUpperCase(), password: 'secret123' },
      { username: username.toLowerCase(), password: 'secret123' },
      { email, password: 'secret123' },
    ]) {
      const jar = new CookieJar();
      const response = await token(body, jar);
      expect(response.status).toBe(200);
      expect((await json<Player>(response)).id).toBe(player.id);
      expect(jar.get('yamb_access')).toBeTruthy();
      expect(jar.get('yamb_refresh')).toBeTruthy();
      expect((await json<Player>(await call('/players/me', { jar }))).id).toBe(player.id);
    }
  });

  it('an e-mail address is a sign-in identifier only once it is verified', async () => {
    const email = uniqueEmail();
    const { username } = await signUp({ email, password: 'secret123' });
    await expectError(await token({ identifier: email, password: 'secret123' }), 401, 'credentials-invalid');
    expect((await token({ identifier: username, password: 'secret123' })).status).toBe(200);
    await verifyEmail(email);
    expect((await token({ identifier: email, password: 'secret123' })).status).toBe(200);
  });

  it.each([
    ['no identifier', { password: 'secret123' }, 'identifier-invalid'],
    ['a two-character identifier', { identifier: 'ab', password: 'secret123' }, 'identifier-invalid'],
    ['an identifier with a dash', { identifier: 'ab-cd', password: 'secret123' }, 'identifier-invalid'],
    ['a 16-character name', { identifier: 'a'.repeat(16), password: 'secret123' }, 'identifier-invalid'],
    ['a half e-mail', { identifier: 'me@home', password: 'secret123' }, 'identifier-invalid'],
    ['no password', { identifier: 'someone' }, 'password-length-invalid'],
    ['a short password', { identifier: 'someone', password: '12345' }, 'password-length-invalid'],
  ])('refuses %s', async (_, body, key) => {
    await expectError(await token(body), 400, key);
  });

  it('accepts an identifier with an underscore (only the shape is checked)', async () => {
    await expectError(
      await token({ identifier: 'some_one', password: 'secret123' }),
      401,
      'credentials-invalid',
    );
  });

  it('answers 401 credentials-invalid alike for a wrong password and an unknown user', async () => {
    const { username } = await signUp({ password: 'secret123' });
    const wrong = await expectError(
      await token({ identifier: username, password: 'wrong-one' }),
      401,
      'credentials-invalid',
    );
    const unknown = await expectError(
      await token({ identifier: 'NobodyHere', password: 'wrong-one' }),
      401,
      'credentials-invalid',
    );
    expect(unknown).toEqual(wrong);
  });

  it('lets no guest sign in by password', async () => {
    const guest = await registerGuest(new CookieJar(), 'PinkBear3');
    await expectError(
      await token({ identifier: guest.player.name, password: 'anything' }),
      401,
      'credentials-invalid',
    );
  });

  it('runs the full password hash for an unknown user, as for a known one with a wrong password', async () => {
    // Timing would tell which names exist if an unknown name skipped the hash. Asserted on the work done,
    // not on the clock: every PBKDF2 derivation the platform is asked for is recorded (a spy on WebCrypto,
    // the runtime's API, not ours), with its parameters and whether it completed. What the hash costs in
    // time is a figure for bench/signin.mjs, not an assertion.
    const { username } = await signUp({ password: 'secret123' });
    const deriveBits = vi.spyOn(crypto.subtle, 'deriveBits');
    /** The PBKDF2 derivations since the last call, each as its parameters and the bits it produced. */
    const derivations = async () => {
      const calls = deriveBits.mock.calls.map(([algorithm], i) => ({
        algorithm: algorithm as SubtleCryptoDeriveKeyAlgorithm,
        result: deriveBits.mock.results[i]?.value as Promise<ArrayBuffer>,
      }));
      deriveBits.mockClear();
      return Promise.all(
        calls
          .filter(({ algorithm }) => algorithm.name === 'PBKDF2')
          .map(async ({ algorithm, result }) => ({
            hash: algorithm.hash,
            iterations: algorithm.iterations,
            bits: (await result).byteLength * 8,
          })),
      );
    };
    const fullHash = [{ hash: 'SHA-256', iterations: PBKDF2_ITERATIONS, bits: 256 }];
    try {
      // From an address of its own, so these failures count against no other test's allowance.
      const signInAs = async (identifier: string) =>
        expectError(
          await token({ identifier, password: 'wrong-one' }, undefined, {
            'CF-Connecting-IP': '198.51.100.77',
          }),
          401,
          'credentials-invalid',
        );
      await derivations();
      await signInAs(username);
      expect(await derivations()).toEqual(fullHash);
      await signInAs('GhostOfNobody');
      expect(await derivations()).toEqual(fullHash);
      // The same holds where it is decided: no stored hash (unknown name, or a guest) still derives once.
      for (const stored of [null, undefined]) {
        expect(await verifyPassword('wrong-one', stored)).toBe(false);
        expect(await derivations()).toEqual(fullHash);
      }
    } finally {
      deriveBits.mockRestore();
    }
  });

  it('refuses the sixth failure in a row for one identifier with 429 and Retry-After', async () => {
    const { username } = await signUp({ password: 'secret123' });
    for (let i = 0; i < 5; i++)
      await expectError(
        await token({ identifier: username, password: 'wrong-one' }),
        401,
        'credentials-invalid',
      );
    const refused = await token({ identifier: username, password: 'secret123' });
    await expectError(refused, 429, 'too-many-requests');
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The counter is per identifier: the same account by e-mail would be another key, another user is unaffected.
    const other = await signUp({ password: 'secret123' });
    expect((await token({ identifier: other.username, password: 'secret123' })).status).toBe(200);
  });

  it('counts attempts sent in parallel: of 8 wrong passwords at once, at most 5 are tried', async () => {
    const { username } = await signUp({ password: 'secret123' });
    const headers = { 'CF-Connecting-IP': '198.51.100.200' };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        token({ identifier: username, password: 'wrong-one' }, undefined, headers),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses many failures from one address across identifiers', async () => {
    const headers = { 'CF-Connecting-IP': '192.0.2.77' };
    for (let i = 0; i < 50; i++) {
      const response = await token({ identifier: `Nobody${i}`, password: 'wrong-one' }, undefined, headers);
      expect(response.status).toBe(401);
    }
    await expectError(
      await token({ identifier: 'NobodyElse', password: 'wrong-one' }, undefined, headers),
      429,
      'too-many-requests',
    );
  });

  it('a successful sign-in uses up none of the address’s allowance', async () => {
    const { username } = await signUp({ password: 'secret123' });
    const headers = { 'CF-Connecting-IP': '192.0.2.78' };
    for (let i = 0; i < 49; i++)
      expect(
        (await token({ identifier: `Stranger${i}`, password: 'wrong-one' }, undefined, headers)).status,
      ).toBe(401);
    expect((await token({ identifier: username, password: 'secret123' }, undefined, headers)).status).toBe(
      200,
    );
    // The fiftieth failure is still allowed; the fifty-first is not.
    expect(
      (await token({ identifier: 'Stranger49', password: 'wrong-one' }, undefined, headers)).status,
    ).toBe(401);
    await expectError(
      await token({ identifier: 'Stranger50', password: 'wrong-one' }, undefined, headers),
      429,
      'too-many-requests',
    );
  });

  it('a successful sign-in resets the identifier counter', async () => {
    const { username } = await signUp({ password: 'secret123' });
    for (let i = 0; i < 4; i++) await token({ identifier: username, password: 'wrong-one' });
    expect((await token({ identifier: username, password: 'secret123' })).status).toBe(200);
    for (let i = 0; i < 4; i++) await token({ identifier: username, password: 'wrong-one' });
    expect((await token({ identifier: username, password: 'secret123' })).status).toBe(200);
  });

  it('ends the guest session the browser had', async () => {
    const guest = await registerGuest();
    const guestRefresh = guest.jar.get('yamb_refresh') as string;
    const account = await signUp();
    await signIn(account.username, account.password, guest.jar);
    const stale = new CookieJar().set('yamb_refresh', guestRefresh);
    await expectError(await call('/auth/refresh', { method: 'POST', jar: stale }), 401, 'session-revoked');
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh sets a new pair and the new refresh token works', async () => {
    const { jar, player } = await registerGuest();
    const first = jar.get('yamb_refresh');
    const response = await call('/auth/refresh', { method: 'POST', jar });
    expect(response.status).toBe(200);
    expect((await json<Player>(response)).id).toBe(player.id);
    const second = jar.get('yamb_refresh');
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect((await call('/auth/refresh', { method: 'POST', jar })).status).toBe(200);
  });

  it('two tabs of one browser refreshing at once both stay signed in', async () => {
    const { jar, player } = await registerGuest();
    const [first, second] = await Promise.all([
      call('/auth/refresh', { method: 'POST', jar }),
      call('/auth/refresh', { method: 'POST', jar }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await json<Player>(await call('/players/me', { jar }))).id).toBe(player.id);
    // The browser kept the winner's refresh token, and it still works.
    expect((await call('/auth/refresh', { method: 'POST', jar })).status).toBe(200);
  });

  it('a rotated token used again within 30 s gets a fresh access cookie only, and revokes nothing', async () => {
    const { jar, player } = await registerGuest();
    const slowTab = jar.clone();
    expect((await call('/auth/refresh', { method: 'POST', jar })).status).toBe(200);
    const late = await call('/auth/refresh', { method: 'POST', jar: slowTab });
    expect(late.status).toBe(200);
    expect((await json<Player>(late)).id).toBe(player.id);
    const cookies = setCookies(late).join('\n');
    expect(cookies).toMatch(/yamb_access=[^;]+;/);
    // No new refresh token: the browser already holds the one the first refresh set.
    expect(cookies).not.toMatch(/yamb_refresh=/);
    expect((await json<Player>(await call('/players/me', { jar: slowTab }))).id).toBe(player.id);
    expect((await call('/auth/refresh', { method: 'POST', jar })).status).toBe(200);
  });

  it('the grace ends with the session: a rotated token after logout is refused', async () => {
    const { jar } = await registerGuest();
    const slowTab = jar.clone();
    expect((await call('/auth/refresh', { method: 'POST', jar })).status).toBe(200);
    expect((await call('/auth/logout', { method: 'POST', jar })).status).toBe(204);
    await expectError(await call('/auth/refresh', { method: 'POST', jar: slowTab }), 401, 'session-revoked');
  });

  it('a rotated token used again after 30 s revokes the whole family', async () => {
    const { jar } = await registerGuest();
    const stolen = jar.clone();
    expect((await call('/auth/refresh', { method: 'POST', jar })).status).toBe(200);
    await env.DB.prepare(
      'UPDATE sessions SET rotated_at = rotated_at - 31000 WHERE rotated_at IS NOT NULL',
    ).run();
    // The copy presents the already-rotated token: refused, and the family is revoked.
    const reuse = await call('/auth/refresh', { method: 'POST', jar: stolen });
    await expectError(reuse, 401, 'session-revoked');
    expect(setCookies(reuse).join()).toMatch(/yamb_refresh=;/);
    // So the legitimate holder's newer token no longer works either.
    await expectError(await call('/auth/refresh', { method: 'POST', jar }), 401, 'session-revoked');
  });

  it('without a refresh cookie, refresh is a 401', async () => {
    await expectError(await call('/auth/refresh', { method: 'POST' }), 401, 'unauthorized');
  });

  it('an expired refresh token is a 401', async () => {
    const { jar } = await registerGuest();
    await env.DB.prepare('UPDATE sessions SET expires_at = 1').run();
    await expectError(await call('/auth/refresh', { method: 'POST', jar }), 401, 'session-expired');
  });
});

describe('logout', () => {
  it('clears the cookies and revokes the refresh token', async () => {
    const account = await signUp();
    const { jar } = await signIn(account.username, account.password);
    const kept = jar.clone();
    const response = await call('/auth/logout', { method: 'POST', jar });
    expect(response.status).toBe(204);
    expect(jar.get('yamb_access')).toBeUndefined();
    expect(jar.get('yamb_refresh')).toBeUndefined();
    await expectError(await call('/players/me', { jar }), 401, 'unauthorized');
    await expectError(await call('/auth/refresh', { method: 'POST', jar: kept }), 401, 'session-revoked');
  });

  it('answers 204 without a session too', async () => {
    expect((await call('/auth/logout', { method: 'POST' })).status).toBe(204);
  });
});

describe('legacy token migration (POST /api/auth/migrate)', () => {
  const legacy = async (sub: number, ttl = 3600, secret = DEV_SECRET) => {
    const now = Math.floor(Date.now() / 1000);
    return sign({ sub: String(sub), iat: now, exp: now + ttl }, secret, 'HS256');
  };

  it('turns a valid Bearer token into a cookie session', async () => {
    const account = await signUp();
    const jar = new CookieJar();
    const response = await call('/auth/migrate', {
      method: 'POST',
      jar,
      headers: { Authorization: `Bearer ${await legacy(account.player.id)}` },
    });
    expect(response.status).toBe(200);
    expect((await json<Player>(response)).id).toBe(account.player.id);
    expect((await json<Player>(await call('/players/me', { jar }))).id).toBe(account.player.id);
    expect((await call('/auth/refresh', { method: 'POST', jar })).status).toBe(200);
  });

  const migrate = (accessToken: string, jar = new CookieJar()) =>
    call('/auth/migrate', { method: 'POST', jar, headers: { Authorization: `Bearer ${accessToken}` } });

  it('turns the access token of a live session into a session of its own', async () => {
    const account = await signUp();
    const { jar } = await signIn(account.username, account.password);
    const other = new CookieJar();
    const response = await migrate(jar.get('yamb_access') as string, other);
    expect(response.status).toBe(200);
    expect((await json<Player>(await call('/players/me', { jar: other }))).id).toBe(account.player.id);
  });

  it('refuses the access token of a session that has since logged out', async () => {
    const account = await signUp();
    const { jar } = await signIn(account.username, account.password);
    const accessToken = jar.get('yamb_access') as string;
    expect((await call('/auth/logout', { method: 'POST', jar })).status).toBe(204);
    const stolen = new CookieJar();
    await expectError(await migrate(accessToken, stolen), 401, 'unauthorized');
    expect(stolen.get('yamb_refresh')).toBeUndefined();
  });

  it('refuses a token issued before the password was changed', async () => {
    const account = await signUp({ password: 'secret123' });
    const { jar } = await signIn(account.username, account.password);
    const before = jar.get('yamb_access') as string;
    const changed = await call('/auth/password-reset', {
      method: 'PUT',
      jar,
      body: { oldPassword: 'secret123', newPassword: 'brand-new-1' },
    });
    expect(changed.status).toBe(200);
    await expectError(await migrate(before), 401, 'unauthorized');
  });

  it('refuses a banned player with 403 player-banned', async () => {
    const account = await signUp();
    await env.DB.prepare("UPDATE players SET status = 'BANNED' WHERE id = ?").bind(account.player.id).run();
    await expectError(await migrate(await legacy(account.player.id)), 403, 'player-banned');
  });

  it.each([
    ['no header', async () => ({})],
    ['a malformed header', async () => ({ Authorization: 'Token abc' })],
    ['a forged token', async () => ({ Authorization: `Bearer ${await legacy(1, 3600, 'another-secret')}` })],
    ['an expired token', async () => ({ Authorization: `Bearer ${await legacy(1, -60)}` })],
    ['a token of nobody', async () => ({ Authorization: `Bearer ${await legacy(999999)}` })],
    ['garbage', async () => ({ Authorization: 'Bearer not.a.jwt' })],
  ])('refuses %s with 401', async (_, headers) => {
    await expectError(
      await call('/auth/migrate', { method: 'POST', headers: await headers() }),
      401,
      'unauthorized',
    );
  });
});

describe('a banned player', () => {
  it('can neither use nor refresh the session they had', async () => {
    const account = await signUp();
    const { jar } = await signIn(account.username, account.password);
    await env.DB.prepare("UPDATE players SET status = 'BANNED' WHERE id = ?").bind(account.player.id).run();
    await expectError(await call('/players/me', { jar }), 403, 'player-banned');
    await expectError(await call(`/players/${account.player.id}/preferences`, { jar }), 403, 'player-banned');
    await expectError(await call('/auth/refresh', { method: 'POST', jar }), 403, 'player-banned');
  });
});
