import { describe, expect, it } from 'vitest';
import { CLASSIC_RULES, describeRules } from '../../game';
import { DEFAULT_NOTIFICATION_CHOICES } from '../../contract/push';
import {
  CookieJar,
  call,
  expectError,
  json,
  mailedToken,
  makeAdmin,
  outbox,
  type Player,
  registerGuest,
  registerPlayer,
  signUp,
  uniqueEmail,
  uniqueName,
  verifyEmail,
} from './helpers';

/** A player who never chose a rule set plays CLASSIC (issue 27). */
const CLASSIC = describeRules(CLASSIC_RULES);

/** A player's links to their own resource; `logs` is an admin's only (a server error's row carries its stack). */
const ALL_LINKS = [
  'avatar',
  'clashes',
  'email',
  'games',
  'notifications',
  'preferences',
  'ratings',
  'scores',
  'self',
  'stats',
  'username',
];
const PUBLIC_LINKS = ['clashes', 'games', 'ratings', 'scores', 'self', 'stats'];
/** A registered viewer also gets their head-to-head record against anyone else. */
const SEEN_SIGNED_IN = [...PUBLIC_LINKS, 'headToHead'].sort();

describe('the current player (GET /api/players/me)', () => {
  it('is a 401 without a session', async () => {
    await expectError(await call('/players/me'), 401, 'unauthorized');
  });

  it('carries every field of SPEC.md section 3 and all links for oneself', async () => {
    const email = uniqueEmail();
    const { jar, player } = await registerPlayer({ email });
    const me = await json<Player>(await call('/players/me', { jar }));
    expect(me).toMatchObject({
      id: player.id,
      externalId: expect.any(String),
      name: player.name,
      email,
      emailVerified: false,
      avatar: null,
      admin: false,
      guest: false,
      status: 'ACTIVE',
    });
    expect(Date.parse(me.createdAt)).not.toBeNaN();
    expect(Date.parse(me.updatedAt)).not.toBeNaN();
    expect(Object.keys(me._links).sort()).toEqual(ALL_LINKS);
    expect(me._links.preferences?.href).toBe(`/api/players/${player.id}/preferences`);
  });
});

describe('a player seen by others (GET /api/players/{id})', () => {
  it('shows only the public links and no e-mail to another player or an anonymous visitor', async () => {
    const owner = await registerPlayer({ email: uniqueEmail() });
    const other = await registerPlayer();
    for (const jar of [other.jar, undefined]) {
      const seen = await json<Player>(await call(`/players/${owner.player.id}`, { jar }));
      expect(seen.email).toBeNull();
      expect(Object.keys(seen._links).sort()).toEqual(jar ? SEEN_SIGNED_IN : PUBLIC_LINKS);
    }
  });

  it('shows an admin the e-mail, the logs and ban links, but not the owner-only links', async () => {
    const owner = await registerPlayer({ email: uniqueEmail() });
    const admin = await registerPlayer();
    await makeAdmin(admin.player.id);
    const seen = await json<Player>(await call(`/players/${owner.player.id}`, { jar: admin.jar }));
    expect(seen.email).toBe(owner.email);
    expect(Object.keys(seen._links).sort()).toEqual([...SEEN_SIGNED_IN, 'logs', 'ban'].sort());
  });

  it('is a 404 player-not-found for an unknown id, and a 404 for a non-numeric one', async () => {
    await expectError(await call('/players/999999'), 404, 'player-not-found');
    await expectError(await call('/players/abc'), 404, 'not-found');
  });
});

describe('the player list (GET /api/players/)', () => {
  it('pages by createdAt DESC with size 10 by default, trailing slash or not', async () => {
    for (let i = 0; i < 12; i++) await registerGuest();
    const response = await call('/players/?kind=guests');
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body._embedded.players).toHaveLength(10);
    expect(body.page).toMatchObject({ size: 10, number: 0 });
    expect(body.page.totalElements).toBeGreaterThanOrEqual(12);
    expect(body.page.totalPages).toBe(Math.ceil(body.page.totalElements / 10));
    const ids = body._embedded.players.map((p: Player) => p.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect((await call('/players')).status).toBe(200);
  });

  it('takes page, size, sort and order', async () => {
    const names = [uniqueName('Aa'), uniqueName('Ab')];
    for (const username of names) await signUp({ username });
    const body = await json(await call('/players/?page=0&size=100&sort=name&order=asc'));
    const all = body._embedded.players.map((p: Player) => p.name);
    // SQLite compares names byte by byte, as a default JavaScript sort does for these ASCII names.
    expect(all).toEqual([...all].sort());
    expect(all).toEqual(expect.arrayContaining(names));
    const second = await json(await call('/players/?page=1&size=2&sort=id&order=ASC'));
    const first = await json(await call('/players/?page=0&size=4&sort=id&order=ASC'));
    expect(second._embedded.players.map((p: Player) => p.id)).toEqual(
      first._embedded.players.slice(2, 4).map((p: Player) => p.id),
    );
  });

  it.each([['page=-1'], ['size=0'], ['size=101'], ['sort=password'], ['order=sideways']])(
    'refuses %s with 400 input-invalid',
    async (query) => {
      await expectError(await call(`/players/?${query}`), 400, 'input-invalid');
    },
  );

  it('shows each player with the links the viewer may use', async () => {
    const { jar, player } = await registerPlayer();
    const body = await json(await call('/players/?size=100', { jar }));
    const mine = body._embedded.players.find((p: Player) => p.id === player.id);
    const other = body._embedded.players.find((p: Player) => p.id !== player.id);
    expect(Object.keys(mine._links).sort()).toEqual(ALL_LINKS);
    // Guests and the bot have no rating history.
    const rated = other.rating !== null;
    expect(Object.keys(other._links).sort()).toEqual(SEEN_SIGNED_IN.filter((l) => rated || l !== 'ratings'));
  });
});

describe('changing the username (PUT username link)', () => {
  it('renames the player', async () => {
    const { jar, player } = await registerPlayer();
    const username = uniqueName('New');
    const response = await call(player._links.username?.href as string, {
      method: 'PUT',
      jar,
      body: { username },
    });
    expect(response.status).toBe(200);
    expect((await json<Player>(response)).name).toBe(username);
    expect((await json<Player>(await call('/players/me', { jar }))).name).toBe(username);
  });

  it('lets a guest pick a name too', async () => {
    const { jar, player } = await registerGuest();
    const username = uniqueName('Gst');
    const response = await call(`/players/${player.id}/username`, { method: 'PUT', jar, body: { username } });
    expect(response.status).toBe(200);
    expect((await json<Player>(response)).guest).toBe(true);
  });

  it.each([
    [{}, 'username-length-invalid'],
    [{ username: 'ab' }, 'username-length-invalid'],
    [{ username: '9lives' }, 'username-invalid'],
    [{ username: 'dash-ed' }, 'username-invalid'],
  ])('refuses %j with %s', async (body, key) => {
    const { jar, player } = await registerPlayer();
    await expectError(await call(`/players/${player.id}/username`, { method: 'PUT', jar, body }), 400, key);
  });

  it('refuses a name another player has, in any case; keeping one’s own in another case is fine', async () => {
    const other = await signUp();
    const { jar, player } = await registerPlayer();
    await expectError(
      await call(`/players/${player.id}/username`, {
        method: 'PUT',
        jar,
        body: { username: other.username.toUpperCase() },
      }),
      409,
      'username-taken',
    );
    const recased = player.name.toUpperCase();
    const response = await call(`/players/${player.id}/username`, {
      method: 'PUT',
      jar,
      body: { username: recased },
    });
    expect(response.status).toBe(200);
    expect((await json<Player>(response)).name).toBe(recased);
  });
});

describe('changing the e-mail (PUT email link)', () => {
  it('sets a new unverified address and mails a verification link', async () => {
    const { jar, player } = await registerPlayer();
    const email = uniqueEmail();
    const response = await call(`/players/${player.id}/email`, { method: 'PUT', jar, body: { email } });
    expect(response.status).toBe(200);
    expect(await json<Player>(response)).toMatchObject({ email, emailVerified: false });
    expect(await mailedToken(email, '/email-verification')).toBeTruthy();
  });

  it('marks a verified address unverified again when it changes', async () => {
    const email = uniqueEmail();
    const { jar, player } = await registerPlayer({ email });
    await call(`/auth/email-verification?token=${await mailedToken(email, '/email-verification')}`, {
      method: 'PUT',
    });
    expect((await json<Player>(await call('/players/me', { jar }))).emailVerified).toBe(true);
    // The same address again (in another case) changes nothing and sends nothing.
    const same = await call(`/players/${player.id}/email`, {
      method: 'PUT',
      jar,
      body: { email: email.toUpperCase() },
    });
    expect((await json<Player>(same)).emailVerified).toBe(true);
    expect(await outbox(email)).toHaveLength(1);
    const changed = await call(`/players/${player.id}/email`, {
      method: 'PUT',
      jar,
      body: { email: uniqueEmail() },
    });
    expect((await json<Player>(changed)).emailVerified).toBe(false);
  });

  it('removes the address when given none', async () => {
    const { jar, player } = await registerPlayer({ email: uniqueEmail() });
    const response = await call(`/players/${player.id}/email`, { method: 'PUT', jar, body: { email: null } });
    expect(response.status).toBe(200);
    expect(await json<Player>(response)).toMatchObject({ email: null, emailVerified: false });
  });

  it('refuses an invalid address, and takes any well-formed one without saying whose it is', async () => {
    const taken = uniqueEmail();
    await signUp({ email: taken });
    await verifyEmail(taken);
    const { jar, player } = await registerPlayer();
    await expectError(
      await call(`/players/${player.id}/email`, { method: 'PUT', jar, body: { email: 'x@y' } }),
      400,
      'email-invalid',
    );
    await expectError(
      await call(`/players/${player.id}/email`, { method: 'PUT', jar, body: { email: 7 } }),
      400,
      'email-invalid',
    );
    // Someone else's verified address answers exactly as a free one: 200, unverified.
    const answers = [];
    for (const email of [taken.toUpperCase(), uniqueEmail()]) {
      const response = await call(`/players/${player.id}/email`, { method: 'PUT', jar, body: { email } });
      const body = await json(response);
      answers.push({
        status: response.status,
        emailVerified: body.emailVerified,
        keys: Object.keys(body).sort(),
      });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ status: 200, emailVerified: false });
  });
});

describe('preferences (GET/PUT /api/players/{id}/preferences)', () => {
  it('are a 404 preferences-not-found until saved, then what was saved', async () => {
    const { jar, player } = await registerPlayer();
    const href = player._links.preferences?.href as string;
    await expectError(await call(href, { jar }), 404, 'preferences-not-found');
    const saved = await call(href, { method: 'PUT', jar, body: { language: 'hr', theme: 'light' } });
    expect(saved.status).toBe(200);
    expect(await json(saved)).toEqual({
      language: 'hr',
      theme: 'light',
      diceSpeed: 'normal',
      invitations: 'everyone',
      rules: CLASSIC,
      notifications: DEFAULT_NOTIFICATION_CHOICES,
    });
    expect(await json(await call(href, { jar }))).toEqual({
      language: 'hr',
      theme: 'light',
      diceSpeed: 'normal',
      invitations: 'everyone',
      rules: CLASSIC,
      notifications: DEFAULT_NOTIFICATION_CHOICES,
    });
    await call(href, { method: 'PUT', jar, body: { language: 'en-US', theme: 'dark', extra: 1 } });
    expect(await json(await call(href, { jar }))).toEqual({
      language: 'en-US',
      theme: 'dark',
      diceSpeed: 'normal',
      invitations: 'everyone',
      rules: CLASSIC,
      notifications: DEFAULT_NOTIFICATION_CHOICES,
    });
  });

  it('keep the dice speed, and an older client that sends none gets the animation SPEC says', async () => {
    const { jar, player } = await registerPlayer();
    const href = player._links.preferences?.href as string;
    for (const diceSpeed of ['fast', 'off', 'normal']) {
      const saved = await call(href, {
        method: 'PUT',
        jar,
        body: { language: 'hr', theme: 'dark', diceSpeed },
      });
      expect(await json(saved)).toEqual({
        language: 'hr',
        theme: 'dark',
        diceSpeed,
        invitations: 'everyone',
        rules: CLASSIC,
        notifications: DEFAULT_NOTIFICATION_CHOICES,
      });
      expect(await json(await call(href, { jar }))).toEqual({
        language: 'hr',
        theme: 'dark',
        diceSpeed,
        invitations: 'everyone',
        rules: CLASSIC,
        notifications: DEFAULT_NOTIFICATION_CHOICES,
      });
    }
    await call(href, { method: 'PUT', jar, body: { language: 'hr', theme: 'dark', diceSpeed: 'off' } });
    await call(href, { method: 'PUT', jar, body: { language: 'en', theme: 'light' } });
    expect(await json(await call(href, { jar }))).toEqual({
      language: 'en-US',
      theme: 'light',
      diceSpeed: 'normal',
      invitations: 'everyone',
      rules: CLASSIC,
      notifications: DEFAULT_NOTIFICATION_CHOICES,
    });
  });

  it('keep who may send clash invitations when a later body (the theme or language saved) leaves it out', async () => {
    const { jar, player } = await registerPlayer();
    const href = player._links.preferences?.href as string;
    const saved = await call(href, {
      method: 'PUT',
      jar,
      body: { language: 'hr', theme: 'dark', invitations: 'known' },
    });
    expect(await json(saved)).toEqual({
      language: 'hr',
      theme: 'dark',
      diceSpeed: 'normal',
      invitations: 'known',
      rules: CLASSIC,
      notifications: DEFAULT_NOTIFICATION_CHOICES,
    });
    await call(href, { method: 'PUT', jar, body: { language: 'en', theme: 'light', diceSpeed: 'fast' } });
    expect(await json(await call(href, { jar }))).toEqual({
      language: 'en-US',
      theme: 'light',
      diceSpeed: 'fast',
      invitations: 'known',
      rules: CLASSIC,
      notifications: DEFAULT_NOTIFICATION_CHOICES,
    });
  });

  it('take "en" as en-US', async () => {
    const { jar, player } = await registerGuest();
    const saved = await call(`/players/${player.id}/preferences`, {
      method: 'PUT',
      jar,
      body: { language: 'en', theme: 'dark' },
    });
    expect(await json(saved)).toEqual({
      language: 'en-US',
      theme: 'dark',
      diceSpeed: 'normal',
      invitations: 'everyone',
      rules: CLASSIC,
      notifications: DEFAULT_NOTIFICATION_CHOICES,
    });
  });

  it.each([
    [{ language: 'de', theme: 'dark' }, 'language-invalid'],
    [{ theme: 'dark' }, 'language-invalid'],
    [{ language: 'hr', theme: 'blue' }, 'theme-invalid'],
    [{ language: 'hr' }, 'theme-invalid'],
    [{ language: 'hr', theme: 'dark', diceSpeed: 'slow' }, 'dice-speed-invalid'],
    [{ language: 'hr', theme: 'dark', diceSpeed: 0 }, 'dice-speed-invalid'],
    [{ language: 'hr', theme: 'dark', invitations: 'friends' }, 'invitations-invalid'],
  ])('refuses %j with %s', async (body, key) => {
    const { jar, player } = await registerPlayer();
    await expectError(
      await call(`/players/${player.id}/preferences`, { method: 'PUT', jar, body }),
      400,
      key,
    );
  });
});

describe('one player cannot change another', () => {
  it.each([
    ['username', 'PUT', { username: 'Hijacked' }],
    ['email', 'PUT', { email: 'hijack@example.com' }],
    ['preferences', 'PUT', { language: 'hr', theme: 'light' }],
    ['preferences', 'GET', undefined],
    ['notifications', 'GET', undefined],
    ['notifications', 'DELETE', undefined],
    ['avatar', 'PUT', undefined],
  ])('%s (%s) of someone else is a 403, anonymous a 401', async (link, method, body) => {
    const victim = await registerPlayer();
    const attacker = await registerPlayer();
    const href = `/players/${victim.player.id}/${link}`;
    await expectError(await call(href, { method, jar: attacker.jar, body }), 403, 'forbidden');
    await expectError(await call(href, { method, body }), 401, 'unauthorized');
    const me = await json<Player>(await call('/players/me', { jar: victim.jar }));
    expect(me.name).toBe(victim.player.name);
  });

  it('an admin cannot rename someone else either', async () => {
    const victim = await registerPlayer();
    const admin = await registerPlayer();
    await makeAdmin(admin.player.id);
    await expectError(
      await call(`/players/${victim.player.id}/username`, {
        method: 'PUT',
        jar: admin.jar,
        body: { username: 'Renamed' },
      }),
      403,
      'forbidden',
    );
  });

  it('a forged cookie is no session (401 token-expired: the client would refresh, and fail)', async () => {
    const victim = await registerPlayer();
    const jar = new CookieJar().set('yamb_access', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged');
    await expectError(
      await call(`/players/${victim.player.id}/username`, {
        method: 'PUT',
        jar,
        body: { username: 'Forged' },
      }),
      401,
      'token-expired',
    );
    expect((await json<Player>(await call(`/players/${victim.player.id}`))).name).toBe(victim.player.name);
  });
});
