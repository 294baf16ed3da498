import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { banPlayer } from '../../worker/auth/access';
import { database } from '../../worker/db/client';
import { call, CookieJar, expectError, json, registerGuest, registerPlayer, signIn } from './helpers';

// A browser whose session the server ended learns why from the refused refresh (worker/auth/sessionEnd.ts),
// so the tab can say "you were signed out" and the reason rather than turn into a new guest without a word.

const refresh = (jar: CookieJar) => call('/auth/refresh', { method: 'POST', jar });

describe('a refused refresh says why the session ended', () => {
  it('a password changed on another device: session-password-changed, in the reader’s language', async () => {
    const account = await registerPlayer({ password: 'secret123' });
    const laptop = (await signIn(account.username, 'secret123')).jar;
    const changed = await call('/auth/password-reset', {
      method: 'PUT',
      jar: account.jar,
      body: { oldPassword: 'secret123', newPassword: 'secret456' },
    });
    expect(changed.status).toBe(200);
    await expectError(await refresh(laptop), 401, 'session-password-changed');
    // The cookies are gone, so the browser carries on as a visitor.
    expect(laptop.get('yamb_refresh')).toBeUndefined();

    const again = (await signIn(account.username, 'secret456')).jar;
    const phone = (await signIn(account.username, 'secret456')).jar;
    await call('/auth/password-reset', {
      method: 'PUT',
      jar: again,
      body: { oldPassword: 'secret456', newPassword: 'secret789' },
    });
    const croatian = await call('/auth/refresh', {
      method: 'POST',
      jar: phone,
      language: 'hr',
    });
    expect(await json(croatian)).toEqual({
      key: 'session-password-changed',
      message: 'Odjavljeni ste jer je lozinka ovog računa promijenjena. Prijavite se novom lozinkom.',
    });
  });

  it('a ban: 403 player-banned with the admin’s reason', async () => {
    const account = await registerPlayer({ password: 'secret123' });
    await banPlayer(env, database(env.DB), account.player.id, 'Second account');
    const refused = await refresh(account.jar);
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ key: 'player-banned', reason: 'Second account' });
  });

  it('a session ended in another tab (a sign-in over it): session-revoked', async () => {
    const guest = await registerGuest();
    const otherTab = guest.jar.clone();
    const account = await registerPlayer({ password: 'secret123' });
    await signIn(account.username, 'secret123', guest.jar);
    await expectError(await refresh(otherTab), 401, 'session-revoked');
  });

  it('a session past its 30 days: session-expired', async () => {
    const { jar, player } = await registerGuest();
    await env.DB.prepare('UPDATE sessions SET expires_at = 1 WHERE player_id = ?').bind(player.id).run();
    await expectError(await refresh(jar), 401, 'session-expired');
  });

  it('no refresh cookie at all: nothing to explain (unauthorized)', async () => {
    await expectError(await call('/auth/refresh', { method: 'POST' }), 401, 'unauthorized');
  });
});
