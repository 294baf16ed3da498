import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import { RULES } from '../../worker/lib/rateLimit';
import {
  CookieJar,
  call,
  expectError,
  json,
  type Player,
  registerGuest,
  request,
  setCookies,
} from './helpers';

const GUEST =
  /^(Red|Blue|Green|Yellow|Purple|Orange|Pink|Cyan|Teal|White)(Panda|Tiger|Dolphin|Fox|Owl|Wolf|Eagle|Bear|Shark|Rabbit)([0-9]|[1-9][0-9]|[1-9][0-9]{2})$/;

describe('guest registration', () => {
  it('gives a visitor a guest with a colour-animal-number name and a session', async () => {
    const { player, jar } = await registerGuest();
    expect(player.guest).toBe(true);
    expect(player.name).toMatch(GUEST);
    expect(jar.get('yamb_access')).toBeTruthy();
    expect(jar.get('yamb_refresh')).toBeTruthy();
    const me = await call('/players/me', { jar });
    expect(me.status).toBe(200);
    expect((await json<Player>(me)).id).toBe(player.id);
  });

  it('sets the session cookies HttpOnly and SameSite=Lax', async () => {
    const response = await call('/auth/register-guest', { method: 'POST', body: {} });
    const cookies = setCookies(response);
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    }
  });

  it('keeps the name the client drew when it is a free guest name', async () => {
    const { player } = await registerGuest(new CookieJar(), 'TealOwl7');
    expect(player.name).toBe('TealOwl7');
  });

  it('draws another name when the wanted one is taken or not a guest name', async () => {
    await registerGuest(new CookieJar(), 'CyanFox42');
    const again = await registerGuest(new CookieJar(), 'cyanfox42');
    expect(again.player.name).toMatch(GUEST);
    expect(again.player.name.toLowerCase()).not.toBe('cyanfox42');
    const odd = await registerGuest(new CookieJar(), 'NotAGuestName');
    expect(odd.player.name).toMatch(GUEST);
  });

  it('gives thirty guests from one address in a row thirty different names', async () => {
    const names = new Set<string>();
    for (let i = 0; i < 30; i++) names.add((await registerGuest()).player.name);
    expect(names.size).toBe(30);
  });

  it(
    'refuses a flood of registrations from one address with 429 and Retry-After',
    async () => {
      const headers = { 'CF-Connecting-IP': '203.0.113.9' };
      let last: Response | undefined;
      for (let i = 0; i <= RULES.registrationPerIp.limit; i++)
        last = await call('/auth/register-guest', { method: 'POST', body: {}, headers });
      await expectError(last as Response, 429, 'too-many-requests');
      expect(Number(last?.headers.get('Retry-After'))).toBeGreaterThan(0);
      // Another address is not affected.
      const other = await call('/auth/register-guest', {
        method: 'POST',
        body: {},
        headers: { 'CF-Connecting-IP': '203.0.113.10' },
      });
      expect(other.status).toBe(201);
    },
    // One past the limit (a few hundred sign-ups) and one more: longer than the default 5 s when loaded.
    30_000,
  );

  it('refuses a request from another site', async () => {
    const response = await call('/auth/register-guest', {
      method: 'POST',
      body: {},
      headers: { Origin: 'https://evil.example' },
    });
    await expectError(response, 403, 'origin-invalid');
  });
});

describe('the human check (Turnstile)', () => {
  const SITEVERIFY = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
  const checked = { ...env, HUMAN_CHECK: 'on', TURNSTILE_SECRET: 'secret' };

  /** Answers the siteverify call with `outcome`; every other fetch goes out as usual. */
  function mockSiteverify(outcome: object) {
    const seen: FormData[] = [];
    const real = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const target = input instanceof Request ? input.url : String(input);
      if (target !== SITEVERIFY) return real(input, init);
      seen.push(init?.body as FormData);
      return Response.json(outcome);
    });
    return seen;
  }

  async function send(path: string, body: object, token?: string) {
    const ctx = createExecutionContext();
    const headers: Record<string, string> = token ? { 'X-Recaptcha-Token': token } : {};
    const response = await worker.fetch(request(path, { method: 'POST', body, headers }), checked, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lets a guest in when Turnstile says success, sending the token and the secret', async () => {
    const seen = mockSiteverify({ success: true, action: 'register' });
    const response = await send('/auth/register-guest', {}, 'token-ok');
    expect(response.status).toBe(201);
    expect(seen).toHaveLength(1);
    expect(seen[0].get('secret')).toBe('secret');
    expect(seen[0].get('response')).toBe('token-ok');
  });

  it('refuses a guest when Turnstile says no', async () => {
    mockSiteverify({ success: false, 'error-codes': ['invalid-input-response'] });
    await expectError(await send('/auth/register-guest', {}, 'token-bad'), 403, 'human-check-failed');
  });

  it('refuses a token made for another action', async () => {
    mockSiteverify({ success: true, action: 'login' });
    await expectError(await send('/auth/register-guest', {}, 'token-other'), 403, 'human-check-failed');
  });

  it('refuses without a token, without asking Turnstile', async () => {
    const seen = mockSiteverify({ success: true });
    await expectError(await send('/auth/register-guest', {}), 403, 'human-check-failed');
    expect(seen).toHaveLength(0);
  });

  it('guards sign-up too: pass and fail', async () => {
    mockSiteverify({ success: true, action: 'register' });
    const ok = await send('/auth/register', { username: 'HumanOne', password: 'secret123' }, 'token-ok');
    expect(ok.status).toBe(201);
    vi.restoreAllMocks();
    mockSiteverify({ success: false });
    const refused = await send('/auth/register', { username: 'RobotOne', password: 'secret123' }, 'x');
    await expectError(refused, 403, 'human-check-failed');
    const lookup = await call('/players/', { method: 'GET' });
    const names = (await json(lookup))._embedded.players.map((p: Player) => p.name);
    expect(names).toContain('HumanOne');
    expect(names).not.toContain('RobotOne');
  });

  it('cannot be switched off outside local development', async () => {
    const seen = mockSiteverify({ success: false });
    const ctx = createExecutionContext();
    const production = { ...env, ENVIRONMENT: 'production', HUMAN_CHECK: 'off', TURNSTILE_SECRET: 'secret' };
    const response = await worker.fetch(
      request('/auth/register-guest', { method: 'POST', body: {}, headers: { 'X-Recaptcha-Token': 't' } }),
      production,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    await expectError(response, 403, 'human-check-failed');
    expect(seen).toHaveLength(1);
  });

  it('answers 503 when Turnstile cannot be reached', async () => {
    const real = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const target = input instanceof Request ? input.url : String(input);
      if (target === SITEVERIFY) throw new TypeError('network down');
      return real(input, init);
    });
    await expectError(await send('/auth/register-guest', {}, 'token'), 503, 'human-check-unavailable');
  });
});
