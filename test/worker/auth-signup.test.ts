import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  CookieJar,
  call,
  expectError,
  json,
  outbox,
  type Player,
  registerGuest,
  signIn,
  signUp,
  uniqueEmail,
  uniqueName,
  verifyEmail,
} from './helpers';

const register = (body: object, jar?: CookieJar, language?: string) =>
  call('/auth/register', { method: 'POST', body, jar, language });

describe('sign-up validation (SPEC.md section 5)', () => {
  it.each([
    ['a missing username', { password: 'secret123' }, 'username-length-invalid'],
    ['a two-letter username', { username: 'Ab', password: 'secret123' }, 'username-length-invalid'],
    ['a 16-letter username', { username: 'A'.repeat(16), password: 'secret123' }, 'username-length-invalid'],
    ['a username starting with a digit', { username: '1abc', password: 'secret123' }, 'username-invalid'],
    ['a username with an underscore', { username: 'ab_cd', password: 'secret123' }, 'username-invalid'],
    ['a username with a space', { username: 'ab cd', password: 'secret123' }, 'username-invalid'],
    ['a username of the wrong type', { username: 42, password: 'secret123' }, 'username-invalid'],
    [
      'a short and invalid username (length first)',
      { username: '_a', password: 'secret123' },
      'username-length-invalid',
    ],
    ['a missing password', { username: 'Valid1' }, 'password-length-invalid'],
    ['a five-character password', { username: 'Valid1', password: '12345' }, 'password-length-invalid'],
    ['a 31-character password', { username: 'Valid1', password: 'x'.repeat(31) }, 'password-length-invalid'],
    [
      'a malformed e-mail',
      { username: 'Valid1', email: 'not-an-email', password: 'secret123' },
      'email-invalid',
    ],
    [
      'an e-mail without a domain',
      { username: 'Valid1', email: 'a@', password: 'secret123' },
      'email-invalid',
    ],
  ])('refuses %s', async (_, body, key) => {
    await expectError(await register(body), 400, key);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await call('/auth/register', {
      method: 'POST',
      body: '{nope',
      headers: { 'Content-Type': 'application/json' },
    });
    await expectError(response, 400, 'body-invalid');
  });

  it('answers in Croatian when asked', async () => {
    const body = await expectError(
      await register({ username: 'Ab', password: 'secret123' }, undefined, 'hr'),
      400,
      'username-length-invalid',
    );
    expect(body.message).toBe('Korisničko ime mora imati 3-15 znakova');
    const taken = await signUp();
    const conflict = await expectError(
      await register({ username: taken.username.toUpperCase(), password: 'secret123' }, undefined, 'hr'),
      409,
      'username-taken',
    );
    expect(conflict.message).toBe('Korisničko ime je već zauzeto');
  });

  it('accepts the boundaries: 3 and 15 characters, passwords of 6 and 30', async () => {
    expect(
      (await register({ username: `Q${uniqueName('').slice(0, 2)}`.slice(0, 3), password: '123456' })).status,
    ).toBe(201);
    expect(
      (
        await register({
          username: `Z${'9'.repeat(8)}${uniqueName('')}`.slice(0, 15),
          password: 'p'.repeat(30),
        })
      ).status,
    ).toBe(201);
  });

  it('ignores unknown fields', async () => {
    const response = await register({ username: uniqueName(), password: 'secret123', admin: true });
    expect(response.status).toBe(201);
    expect((await json<Player>(response)).admin).toBe(false);
  });
});

describe('sign-up', () => {
  it('creates a registered player, not signed in, who can then sign in', async () => {
    const jar = new CookieJar();
    const username = uniqueName();
    const response = await register({ username, password: 'secret123' }, jar);
    expect(response.status).toBe(201);
    const player = await json<Player>(response);
    expect(player).toMatchObject({
      name: username,
      guest: false,
      email: null,
      emailVerified: false,
      admin: false,
    });
    expect(jar.get('yamb_access')).toBeUndefined();
    const session = await signIn(username, 'secret123');
    expect(session.player.id).toBe(player.id);
  });

  it('stores a salted PBKDF2 hash with its iteration count, never the password', async () => {
    const { player } = await signUp({ password: 'secret123' });
    const row = await env.DB.prepare(
      'SELECT algorithm, iterations, salt, hash FROM credentials WHERE player_id = ?',
    )
      .bind(player.id)
      .first<{ algorithm: string; iterations: number; salt: string; hash: string }>();
    expect(row).toMatchObject({ algorithm: 'PBKDF2-SHA256', iterations: 100000 });
    expect(row?.hash).not.toContain('secret123');
    const other = await signUp({ password: 'secret123' });
    const otherRow = await env.DB.prepare('SELECT salt, hash FROM credentials WHERE player_id = ?')
      .bind(other.player.id)
      .first<{ salt: string; hash: string }>();
    expect(otherRow?.salt).not.toBe(row?.salt);
    expect(otherRow?.hash).not.toBe(row?.hash);
  });

  it('refuses a taken username in any case with 409 username-taken', async () => {
    const { username } = await signUp();
    await expectError(
      await register({ username: username.toLowerCase(), password: 'secret123' }),
      409,
      'username-taken',
    );
  });

  it('refuses a guest name that is taken', async () => {
    const { player } = await registerGuest(new CookieJar(), 'RedFox11');
    await expectError(
      await register({ username: player.name, password: 'secret123' }),
      409,
      'username-taken',
    );
  });

  it('never says whether an e-mail is someone else’s: a verified owner’s address is accepted, claims nothing, and the owner is told', async () => {
    const email = uniqueEmail();
    const owner = await signUp({ email });
    await verifyEmail(email);
    const squatter = await register({
      username: uniqueName(),
      email: email.toUpperCase(),
      password: 'secret123',
    });
    expect(squatter.status).toBe(201);
    expect(await json(squatter)).toMatchObject({ emailVerified: false });
    // The owner got a notice, not a link that would verify the address for the newcomer.
    const [notice] = await outbox(email);
    expect(notice.subject).toMatch(/another Yamb account/);
    expect(notice.text).toContain(owner.username);
    expect(notice.text).not.toContain('/email-verification');
    // The address still signs the owner in, and only the owner.
    const signedIn = await call('/auth/token', {
      method: 'POST',
      body: { identifier: email, password: 'secret123' },
    });
    expect((await json(signedIn)).id).toBe(owner.player.id);
  });

  it('an unverified address claims nothing: its real owner signs up with it and verifies it, and the squatter loses it', async () => {
    const email = uniqueEmail();
    const squatter = await signUp({ email });
    const owner = await signUp({ email: email.toUpperCase() });
    expect(owner.player.emailVerified).toBe(false);
    await verifyEmail(email.toUpperCase());
    const squatterRow = await env.DB.prepare('SELECT email FROM players WHERE id = ?')
      .bind(squatter.player.id)
      .first<{ email: string | null }>();
    expect(squatterRow?.email).toBeNull();
    // The squatter's own link, if they ever get it, verifies nothing any more.
    const mails = await outbox(email);
    const squatterLink = mails.find((mail) => mail.text.includes(squatter.username));
    const token = /token=([A-Za-z0-9_%-]+)/.exec(squatterLink?.text ?? '')?.[1] ?? '';
    await expectError(
      await call(`/auth/email-verification?token=${token}`, { method: 'PUT' }),
      400,
      'email-verification-failed',
    );
  });

  it('mails a verification link when an e-mail is given, in the request language', async () => {
    const email = uniqueEmail();
    const response = await call('/auth/register', {
      method: 'POST',
      language: 'hr',
      headers: { Origin: 'http://yamb.test' },
      body: { username: uniqueName(), email, password: 'secret123' },
    });
    expect(response.status).toBe(201);
    const player = await json<Player>(response);
    expect(player.email).toBe(email);
    expect(player.emailVerified).toBe(false);
    const [mail] = await outbox(email);
    expect(mail.subject).toBe('Potvrdite svoju adresu e-pošte za Yamb');
    expect(mail.text).toContain(player.name);
    expect(mail.text).toMatch(/http:\/\/yamb\.test\/email-verification\?token=[A-Za-z0-9_-]{20,}/);
    expect(mail.sentAt).toBeNull();
  });

  it('treats a blank e-mail as none', async () => {
    const response = await register({ username: uniqueName(), email: '', password: 'secret123' });
    expect(response.status).toBe(201);
    expect((await json<Player>(response)).email).toBeNull();
  });
});

describe('a guest who signs up', () => {
  it('is upgraded in place: same id, games and scores kept, now registered', async () => {
    const guest = await registerGuest();
    const id = guest.player.id;
    const game = await env.DB.prepare(
      "INSERT INTO games (player_id, status, total_sum) VALUES (?, 'COMPLETED', 321) RETURNING id",
    )
      .bind(id)
      .first<{ id: number }>();
    await env.DB.prepare('INSERT INTO scores (player_id, game_id, value) VALUES (?, ?, 321)')
      .bind(id, game?.id)
      .run();

    const username = uniqueName('G');
    const account = await signUp({ username, password: 'secret123', jar: guest.jar });
    expect(account.player.id).toBe(id);
    expect(account.player.externalId).toBe(guest.player.externalId);
    expect(account.player).toMatchObject({ name: username, guest: false });

    // Still signed in as the same (now registered) player.
    const me = await json<Player>(await call('/players/me', { jar: guest.jar }));
    expect(me).toMatchObject({ id, name: username, guest: false });
    const scores = await json(await call(`/players/${id}/scores`));
    expect(scores._embedded.scores.map((s: { value: number }) => s.value)).toEqual([321]);
    const games = await json(await call(`/players/${id}/games`));
    expect(games._embedded.games).toHaveLength(1);

    const session = await signIn(username, 'secret123');
    expect(session.player.id).toBe(id);
  });

  it('signs up once when the same sign-up is sent ten times at once: one 201, the rest 409 player-registered', async () => {
    const guest = await registerGuest();
    const names = Array.from({ length: 10 }, () => uniqueName('R'));
    const answers = await Promise.all(
      names.map((username) => register({ username, password: 'secret123' }, guest.jar.clone())),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const response of answers.filter((r) => r.status !== 201))
      await expectError(response, 409, 'player-registered');
    // The account is the winner's, whole: its name and its password sign in.
    const winner = answers.find((response) => response.status === 201) as Response;
    const { name } = await json<Player>(winner);
    const signedIn = await call('/auth/token', {
      method: 'POST',
      body: { identifier: name, password: 'secret123' },
    });
    expect((await json<Player>(signedIn)).id).toBe(guest.player.id);
    const row = await env.DB.prepare('SELECT name FROM players WHERE id = ?').bind(guest.player.id).first();
    expect(row?.name).toBe(name);
  });

  it('may keep its guest name', async () => {
    // Short enough for the sign-up rule: the longest guest names (PurpleDolphin999) have 16 characters.
    const guest = await registerGuest(new CookieJar(), 'BlueOwl12');
    const account = await signUp({ username: guest.player.name, jar: guest.jar });
    expect(account.player.id).toBe(guest.player.id);
    expect(account.player.name).toBe(guest.player.name);
  });

  it('a registered player signing up is refused (409 player-registered): one account per session', async () => {
    const first = await signUp();
    const session = await signIn(first.username, first.password);
    await expectError(
      await register({ username: uniqueName(), password: 'secret123' }, session.jar),
      409,
      'player-registered',
    );
    const me = await json<Player>(await call('/players/me', { jar: session.jar }));
    expect(me).toMatchObject({ id: first.player.id, name: first.username });
  });
});
