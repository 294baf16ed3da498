import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { database } from '../../worker/db/client';
import worker from '../../worker/index';
import { buildMime, CloudflareEmailSender, emailSender, OutboxEmailSender } from '../../worker/lib/email';
import {
  CookieJar,
  call,
  callAndSettle,
  expectError,
  json,
  mailedToken,
  moveToNewAddress,
  outbox,
  type Player,
  registerGuest,
  registerPlayer,
  request,
  signIn,
  uniqueEmail,
} from './helpers';

// Each test asks for a few mails; per-address mail limits are tested on purpose, never by accident.
beforeEach(moveToNewAddress);

const verify = (token?: string, jar?: CookieJar) =>
  call(`/auth/email-verification${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`, {
    method: 'PUT',
    jar,
  });

/** A signed-in player with a verified e-mail. */
async function verifiedPlayer() {
  const email = uniqueEmail();
  const session = await registerPlayer({ email, password: 'secret123' });
  expect((await verify(await mailedToken(email, '/email-verification'))).status).toBe(200);
  return { ...session, email };
}

describe('e-mail verification', () => {
  it('a mailed token verifies the address, once', async () => {
    const email = uniqueEmail();
    const { jar, player } = await registerPlayer({ email });
    expect(player.emailVerified).toBe(false);
    const token = await mailedToken(email, '/email-verification');
    const response = await verify(token, jar);
    expect(response.status).toBe(200);
    expect(await json<Player>(response)).toMatchObject({ id: player.id, emailVerified: true });
    expect((await json<Player>(await call('/players/me', { jar }))).emailVerified).toBe(true);
    await expectError(await verify(token), 400, 'email-verification-failed');
  });

  it('works without being signed in (the link may be opened anywhere)', async () => {
    const email = uniqueEmail();
    await registerPlayer({ email });
    const response = await verify(await mailedToken(email, '/email-verification'));
    expect(response.status).toBe(200);
    expect((await json<Player>(response)).emailVerified).toBe(true);
  });

  it('without a token is 400 token-missing', async () => {
    await expectError(await verify(), 400, 'token-missing');
    await expectError(await verify(''), 400, 'token-missing');
  });

  it('an unknown token is 400 email-verification-failed', async () => {
    await expectError(await verify('made-up-token'), 400, 'email-verification-failed');
  });

  it('an expired token is 400 email-verification-failed', async () => {
    const email = uniqueEmail();
    await registerPlayer({ email });
    const token = await mailedToken(email, '/email-verification');
    await env.DB.prepare("UPDATE email_tokens SET expires_at = ? WHERE kind = 'VERIFY_EMAIL'")
      .bind(Date.now() - 1)
      .run();
    await expectError(await verify(token), 400, 'email-verification-failed');
  });

  it('tokens last 24 hours', async () => {
    const email = uniqueEmail();
    const { player } = await registerPlayer({ email });
    const row = await env.DB.prepare(
      'SELECT expires_at - created_at AS ttl FROM email_tokens WHERE player_id = ?',
    )
      .bind(player.id)
      .first<{ ttl: number }>();
    expect(Math.abs((row?.ttl ?? 0) - 24 * 3600 * 1000)).toBeLessThan(5000);
  });

  it('a link to an address the player has since replaced verifies nothing', async () => {
    const email = uniqueEmail();
    const { jar, player } = await registerPlayer({ email });
    const oldToken = await mailedToken(email, '/email-verification');
    const newEmail = uniqueEmail();
    expect(
      (await call(`/players/${player.id}/email`, { method: 'PUT', jar, body: { email: newEmail } })).status,
    ).toBe(200);
    await expectError(await verify(oldToken), 400, 'email-verification-failed');
    expect((await verify(await mailedToken(newEmail, '/email-verification'))).status).toBe(200);
  });

  it('can be mailed again for the signed-in player, and only the newest link works', async () => {
    const email = uniqueEmail();
    const { jar } = await registerPlayer({ email });
    const first = await mailedToken(email, '/email-verification');
    const resend = await callAndSettle('/auth/email-verification-token', {
      method: 'POST',
      jar,
      body: { email },
    });
    expect(resend.status).toBe(204);
    expect(await outbox(email)).toHaveLength(2);
    const second = await mailedToken(email, '/email-verification');
    expect(second).not.toBe(first);
    await expectError(await verify(first), 400, 'email-verification-failed');
    expect((await verify(second)).status).toBe(200);
  });

  it('resending answers 204 and sends nothing for someone else, an anonymous caller or a verified address', async () => {
    const email = uniqueEmail();
    await registerPlayer({ email });
    const stranger = await registerPlayer();
    expect(
      (
        await callAndSettle('/auth/email-verification-token', {
          method: 'POST',
          jar: stranger.jar,
          body: { email },
        })
      ).status,
    ).toBe(204);
    expect(
      (await callAndSettle('/auth/email-verification-token', { method: 'POST', body: { email } })).status,
    ).toBe(204);
    expect(await outbox(email)).toHaveLength(1);
    const verified = await verifiedPlayer();
    const before = (await outbox(verified.email)).length;
    const again = await callAndSettle('/auth/email-verification-token', {
      method: 'POST',
      jar: verified.jar,
      body: { email: verified.email },
    });
    expect(again.status).toBe(204);
    expect(await outbox(verified.email)).toHaveLength(before);
  });

  it('resending validates the e-mail: email-missing, email-invalid', async () => {
    await expectError(
      await call('/auth/email-verification-token', { method: 'POST', body: {} }),
      400,
      'email-missing',
    );
    await expectError(
      await call('/auth/email-verification-token', { method: 'POST', body: { email: 'x@' } }),
      400,
      'email-invalid',
    );
  });

  it('mails to one address are limited: the sixth within the hour is a 429', async () => {
    const email = uniqueEmail();
    const { jar } = await registerPlayer({ email });
    for (let i = 0; i < 4; i++)
      expect(
        (await callAndSettle('/auth/email-verification-token', { method: 'POST', jar, body: { email } }))
          .status,
      ).toBe(204);
    const refused = await callAndSettle('/auth/email-verification-token', {
      method: 'POST',
      jar,
      body: { email },
    });
    await expectError(refused, 429, 'too-many-requests');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await outbox(email)).toHaveLength(5);
  });
});

describe('password reset by mail', () => {
  const ask = (email: string, language?: string) =>
    callAndSettle('/auth/password-reset-token', { method: 'POST', body: { email }, language });
  const reset = (token: string | undefined, body: object, jar?: CookieJar) =>
    call(`/auth/password-reset${token ? `?token=${encodeURIComponent(token)}` : ''}`, {
      method: 'PUT',
      body,
      jar,
    });

  it('mails a one-hour link that sets a new password, signs in and ends every other session', async () => {
    const { email, username, jar: oldSession } = await verifiedPlayer();
    expect((await ask(email.toUpperCase())).status).toBe(204);
    const [mail] = await outbox(email);
    expect(mail.subject).toBe('Reset your Yamb password');
    expect(mail.text).toContain('http://yamb.test/password-reset?token=');
    const token = await mailedToken(email, '/password-reset');
    const ttl = await env.DB.prepare(
      "SELECT expires_at - created_at AS ttl FROM email_tokens WHERE kind = 'RESET_PASSWORD'",
    ).first<{ ttl: number }>();
    expect(Math.abs((ttl?.ttl ?? 0) - 3600 * 1000)).toBeLessThan(5000);

    const jar = new CookieJar();
    const response = await reset(token, { newPassword: 'brand-new-1' }, jar);
    expect(response.status).toBe(200);
    expect((await json<Player>(response)).name).toBe(username);
    expect((await call('/players/me', { jar })).status).toBe(200);
    // The session from before the reset can no longer be refreshed.
    await expectError(
      await call('/auth/refresh', { method: 'POST', jar: oldSession }),
      401,
      'session-password-changed',
    );
    await expectError(
      await call('/auth/token', { method: 'POST', body: { identifier: username, password: 'secret123' } }),
      401,
      'credentials-invalid',
    );
    expect((await signIn(email, 'brand-new-1')).player.name).toBe(username);
    // Single use.
    await expectError(await reset(token, { newPassword: 'another-22' }), 400, 'password-reset-failed');
  });

  it("sets no password and starts no session for a banned account's link: 403 player-banned", async () => {
    const { email, username, player } = await verifiedPlayer();
    expect((await ask(email)).status).toBe(204);
    const token = await mailedToken(email, '/password-reset');
    await env.DB.prepare("UPDATE players SET status = 'BANNED', ban_reason = 'Second account' WHERE id = ?")
      .bind(player.id)
      .run();
    const jar = new CookieJar();
    const refused = await reset(token, { newPassword: 'brand-new-1' }, jar);
    expect(refused.status).toBe(403);
    expect(await json<{ key: string; reason: string }>(refused)).toMatchObject({
      key: 'player-banned',
      reason: 'Second account',
    });
    expect((await call('/players/me', { jar })).status).toBe(401);
    // The old password still stands (a wrong one is refused as any wrong guess is).
    await expectError(
      await call('/auth/token', { method: 'POST', body: { identifier: username, password: 'brand-new-1' } }),
      401,
      'credentials-invalid',
    );
  });

  it('answers an unknown address exactly like a known one, and mails nothing', async () => {
    const { email } = await verifiedPlayer();
    const known = await ask(email);
    const unknownEmail = uniqueEmail('ghost');
    const unknown = await ask(unknownEmail);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    expect(await outbox(unknownEmail)).toHaveLength(0);
  });

  it('mails no reset to an unverified address or a guest', async () => {
    const email = uniqueEmail();
    await registerPlayer({ email });
    expect((await ask(email)).status).toBe(204);
    expect((await outbox(email)).filter((m) => m.text.includes('/password-reset'))).toHaveLength(0);
  });

  it('writes the mail in the language of the request', async () => {
    const { email } = await verifiedPlayer();
    await ask(email, 'hr');
    const [mail] = await outbox(email);
    expect(mail.subject).toBe('Promjena lozinke za Yamb');
    expect(mail.text).toContain('Poveznica vrijedi 1 sat');
  });

  it('is refused from another site’s page, even one that claims to be this host', async () => {
    const { email } = await verifiedPlayer();
    const response = await call('/auth/password-reset-token', {
      method: 'POST',
      body: { email },
      headers: { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' },
    });
    await expectError(response, 403, 'origin-invalid');
    expect((await outbox(email)).filter((m) => m.text.includes('/password-reset'))).toHaveLength(0);
  });

  it('links to the address the request came to, never to one the client names', async () => {
    const { email } = await verifiedPlayer();
    expect((await ask(email)).status).toBe(204);
    const [mail] = await outbox(email);
    expect(mail.text).toMatch(/(^|\s)http:\/\/yamb\.test\/password-reset\?token=/);
    expect(mail.text).not.toContain('evil');
  });

  it('links to APP_ORIGIN when production sets it', async () => {
    const { email } = await verifiedPlayer();
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      request('/auth/password-reset-token', { method: 'POST', body: { email } }),
      { ...env, APP_ORIGIN: 'https://yamb.example' },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(204);
    const [mail] = await outbox(email);
    expect(mail.text).toMatch(/(^|\s)https:\/\/yamb\.example\/password-reset\?token=/);
  });

  it('an expired or made-up token is 400 password-reset-failed', async () => {
    const { email } = await verifiedPlayer();
    await ask(email);
    const token = await mailedToken(email, '/password-reset');
    await env.DB.prepare("UPDATE email_tokens SET expires_at = ? WHERE kind = 'RESET_PASSWORD'")
      .bind(Date.now() - 1)
      .run();
    await expectError(await reset(token, { newPassword: 'brand-new-1' }), 400, 'password-reset-failed');
    await expectError(await reset('made-up', { newPassword: 'brand-new-1' }), 400, 'password-reset-failed');
  });

  it('checks the new password before using up the token', async () => {
    const { email } = await verifiedPlayer();
    await ask(email);
    const token = await mailedToken(email, '/password-reset');
    await expectError(await reset(token, { newPassword: '123' }), 400, 'password-length-invalid');
    await expectError(await reset(token, {}), 400, 'password-length-invalid');
    expect((await reset(token, { newPassword: 'long-enough' })).status).toBe(200);
  });

  it('asking validates the e-mail: email-missing, email-invalid', async () => {
    await expectError(
      await call('/auth/password-reset-token', { method: 'POST', body: {} }),
      400,
      'email-missing',
    );
    await expectError(
      await call('/auth/password-reset-token', { method: 'POST', body: { email: 'nope' } }),
      400,
      'email-invalid',
    );
  });

  it('asking is limited per address, known or not', async () => {
    const unknownEmail = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) expect((await ask(unknownEmail)).status).toBe(204);
    await expectError(await ask(unknownEmail), 429, 'too-many-requests');
  });
});

describe('password change while signed in', () => {
  const change = (body: object, jar?: CookieJar) =>
    call('/auth/password-reset', { method: 'PUT', body, jar });

  it('counts old-password guesses sent in parallel: of 8 at once, at most 5 are tried', async () => {
    const { jar } = await registerPlayer({ password: 'secret123' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        change({ oldPassword: `guess-${i}-x`, newPassword: 'brand-new-1' }, jar),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(3);
    // The right one is refused too while the window lasts.
    await expectError(
      await change({ oldPassword: 'secret123', newPassword: 'brand-new-1' }, jar),
      429,
      'too-many-requests',
    );
  });

  it('needs the right old password; the new one works afterwards', async () => {
    const { jar, username } = await registerPlayer({ password: 'secret123' });
    await expectError(
      await change({ oldPassword: 'not-it-at-all', newPassword: 'brand-new-1' }, jar),
      400,
      'password-invalid',
    );
    await expectError(await change({ newPassword: 'brand-new-1' }, jar), 400, 'password-invalid');
    await expectError(
      await change({ oldPassword: 'secret123', newPassword: 'short' }, jar),
      400,
      'password-length-invalid',
    );
    const response = await change({ oldPassword: 'secret123', newPassword: 'brand-new-1' }, jar);
    expect(response.status).toBe(200);
    // The player stays signed in on this browser.
    expect((await call('/players/me', { jar })).status).toBe(200);
    expect((await call('/auth/refresh', { method: 'POST', jar })).status).toBe(200);
    await signIn(username, 'brand-new-1');
  });

  it('ends the other sessions', async () => {
    const { jar, username } = await registerPlayer({ password: 'secret123' });
    const other = await signIn(username, 'secret123');
    expect((await change({ oldPassword: 'secret123', newPassword: 'brand-new-1' }, jar)).status).toBe(200);
    await expectError(
      await call('/auth/refresh', { method: 'POST', jar: other.jar }),
      401,
      'session-password-changed',
    );
  });

  it('is a 401 when not signed in, and a guest has no old password', async () => {
    await expectError(
      await change({ oldPassword: 'secret123', newPassword: 'brand-new-1' }),
      401,
      'unauthorized',
    );
    const guest = await registerGuest();
    await expectError(
      await change({ oldPassword: 'secret123', newPassword: 'brand-new-1' }, guest.jar),
      400,
      'password-invalid',
    );
  });
});

describe('the local outbox', () => {
  it('is listed at /api/dev/outbox in development', async () => {
    const email = uniqueEmail();
    await registerPlayer({ email });
    const response = await call('/dev/outbox');
    expect(response.status).toBe(200);
    const mails = (await json(response))._embedded.mails as { toAddress: string; text: string }[];
    expect(mails.some((m) => m.toAddress === email && m.text.includes('/email-verification?token='))).toBe(
      true,
    );
  });
});

describe('the dev outbox outside development', () => {
  it('does not exist', async () => {
    const ctx = createExecutionContext();
    const response = await worker.fetch(request('/dev/outbox'), { ...env, ENVIRONMENT: 'production' }, ctx);
    await waitOnExecutionContext(ctx);
    await expectError(response, 404, 'route-not-found');
  });
});

describe('EmailSender', () => {
  it('writes to the outbox in development', async () => {
    expect(emailSender(env, database(env.DB))).toBeInstanceOf(OutboxEmailSender);
    const fake = { send: vi.fn() } as unknown as SendEmail;
    expect(
      emailSender({ ...env, EMAIL: fake, EMAIL_FROM: 'yamb@example.com' }, database(env.DB)),
    ).toBeInstanceOf(OutboxEmailSender);
    expect(
      emailSender(
        { ...env, ENVIRONMENT: 'production', EMAIL: fake, EMAIL_FROM: 'yamb@example.com' },
        database(env.DB),
      ),
    ).toBeInstanceOf(CloudflareEmailSender);
  });

  it('in production sends through the binding and records the mail with sentAt, but not its body', async () => {
    const send = vi.fn(async () => ({ messageId: 'm1' }));
    const sender = new CloudflareEmailSender(
      { send } as unknown as SendEmail,
      'yamb@example.com',
      database(env.DB),
    );
    const text = 'Pozdrav Ana,\nhttps://yamb.example/password-reset?token=raw-secret-token';
    await sender.send({ to: 'ana@example.com', subject: 'Promjena lozinke', text });
    expect(send).toHaveBeenCalledTimes(1);
    const [mail] = await outbox('ana@example.com');
    expect(mail.sentAt).toBeGreaterThan(0);
    expect(mail.subject).toBe('Promjena lozinke');
    // Tokens are kept only hashed in D1: the record of a sent mail doesn't hold its link.
    expect(mail.text).toBe('(sent)');
  });

  it('a production reset mail leaves no usable token in D1', async () => {
    const { email } = await verifiedPlayer();
    const send = vi.fn(async () => ({ messageId: 'm2' }));
    const production = {
      ...env,
      ENVIRONMENT: 'production',
      SESSION_SECRET: 'production-secret',
      EMAIL: { send } as unknown as SendEmail,
      EMAIL_FROM: 'yamb@example.com',
    };
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      request('/auth/password-reset-token', { method: 'POST', body: { email } }),
      production,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(204);
    expect(send).toHaveBeenCalledTimes(1);
    const [mail] = await outbox(email);
    expect(mail.text).not.toContain('token=');
  });

  it('builds a MIME message with encoded UTF-8 subject and body', () => {
    const raw = buildMime('yamb@example.com', {
      to: 'ana@example.com',
      subject: 'Promjena lozinke – Yamb',
      text: 'čćšžđ\nlink',
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toContain('From: yamb@example.com');
    expect(head).toContain('To: ana@example.com');
    expect(head).toMatch(/Subject: =\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=/);
    expect(head).toMatch(/Message-ID: <[^>]+@example\.com>/);
    expect(head).toContain('Content-Type: text/plain; charset=UTF-8');
    const decoded = new TextDecoder().decode(
      Uint8Array.from(atob(body.replace(/\r\n/g, '')), (c) => c.charCodeAt(0)),
    );
    expect(decoded).toBe('čćšžđ\r\nlink');
  });
});
