import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { handleError } from '../../worker/lib/errors';
import { expireLogs, LOG_ROWS_PER_MINUTE, writeLog } from '../../worker/lib/log';
import { CookieJar, call, expectError, registerPlayer } from './helpers';
import { logRows } from './logs-helpers';

// The server writes a log row for each security event, with the player it concerns, and never a
// password, a hash or a token in it.

describe('security events are logged', () => {
  it('a failed sign-in, with the account and without the password typed', async () => {
    const ana = await registerPlayer({ password: 'rightpass1' });
    const wrong = 'WrongHorse42';
    const response = await call('/auth/token', {
      method: 'POST',
      body: { identifier: ana.username, password: wrong },
    });
    await expectError(response, 401, 'credentials-invalid');
    const [row] = await logRows('sign-in-failed', ana.player.id);
    expect(row?.level).toBe('WARN');
    expect(JSON.stringify(row)).not.toContain(wrong);
    expect(JSON.parse(row?.data ?? 'null')).toEqual({ knownAccount: true });
  });

  it('a permission refusal (403), with who was refused and where', async () => {
    const ben = await registerPlayer();
    await expectError(await call('/logs/', { jar: ben.jar }), 403, 'admin-only');
    const rows = await logRows('forbidden', ben.player.id);
    expect(rows.map((r) => JSON.parse(r.data ?? 'null'))).toContainEqual({
      key: 'admin-only',
      method: 'GET',
      path: '/api/logs',
    });
  });

  it('a cross-site refusal, with the foreign page (it is refused before anyone is asked who they are)', async () => {
    const ben = await registerPlayer();
    const origin = `https://evil-${crypto.randomUUID().slice(0, 8)}.example`;
    const response = await call('/auth/logout', {
      method: 'POST',
      jar: ben.jar,
      headers: { Origin: origin },
    });
    await expectError(response, 403, 'origin-invalid');
    for (let attempt = 0; attempt < 50; attempt++) {
      const rows = await logRows('forbidden', null);
      const row = rows.find((r) => JSON.parse(r.data ?? 'null')?.origin === origin);
      if (row) {
        expect(JSON.parse(row.data ?? 'null')).toEqual({
          key: 'origin-invalid',
          method: 'POST',
          path: '/api/auth/logout',
          origin,
          fetchSite: null,
        });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    expect.fail('no log row of the cross-site refusal');
  });

  it('a refresh token presented again after its sign-in ended, without the token', async () => {
    const ana = await registerPlayer();
    const refresh = ana.jar.get('yamb_refresh') as string;
    expect((await call('/auth/logout', { method: 'POST', jar: ana.jar.clone() })).status).toBe(204);
    const stale = new CookieJar().set('yamb_refresh', refresh);
    await expectError(await call('/auth/refresh', { method: 'POST', jar: stale }), 401, 'session-revoked');
    const [row] = await logRows('refresh-token-reuse', ana.player.id);
    expect(row?.level).toBe('WARN');
    expect(JSON.stringify(row)).not.toContain(refresh);
  });

  it('a password change, and a failed one, without either password', async () => {
    const ana = await registerPlayer({ password: 'oldpass123' });
    const failed = await call('/auth/password-reset', {
      method: 'PUT',
      jar: ana.jar,
      body: { oldPassword: 'notmine999', newPassword: 'newpass456' },
    });
    await expectError(failed, 400, 'password-invalid');
    const changed = await call('/auth/password-reset', {
      method: 'PUT',
      jar: ana.jar,
      body: { oldPassword: 'oldpass123', newPassword: 'newpass456' },
    });
    expect(changed.status).toBe(200);
    const rows = [
      ...(await logRows('password-change-failed', ana.player.id)),
      ...(await logRows('password-reset', ana.player.id)),
    ];
    for (const secret of ['oldpass123', 'notmine999', 'newpass456'])
      expect(JSON.stringify(rows)).not.toContain(secret);
  });
});

describe('server errors are logged', () => {
  it('with the stack in the row, and a generic answer to the client', async () => {
    // A route of ours that throws, behind the API's own error handler: no public route fails on purpose.
    const path = `/boom-${crypto.randomUUID().slice(0, 8)}`;
    const app = new Hono();
    app.get(path, () => {
      throw new Error('the disk is on fire');
    });
    app.onError(handleError);
    const response = await app.request(path, {}, env);
    expect(response.status).toBe(500);
    const body = await response.json<{ key: string; message: string }>();
    expect(body.key).toBe('internal');
    expect(JSON.stringify(body)).not.toContain('the disk is on fire');
    for (let attempt = 0; attempt < 50; attempt++) {
      const rows = await logRows('server-error', null);
      const row = rows.find((r) => JSON.parse(r.data ?? 'null')?.path === path);
      if (row) {
        expect(row.level).toBe('ERROR');
        expect(JSON.parse(row.data ?? 'null').error).toContain('the disk is on fire');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    expect.fail('no log row of the server error');
  });
});

describe('a log row', () => {
  it('never keeps a secret-looking key, however deep, nor a huge value', async () => {
    const message = `redaction-${crypto.randomUUID()}`;
    await writeLog(env, {
      level: 'INFO',
      message,
      data: {
        kept: 1,
        password: 'p',
        nested: { refreshToken: 't', passwordHash: 'h', salt: 's', list: [{ accessToken: 'a', ok: true }] },
        Authorization: 'Bearer x',
        cookie: 'yamb_access=y',
      },
    });
    const [row] = await logRows(message, null);
    expect(JSON.parse(row?.data ?? 'null')).toEqual({ kept: 1, nested: { list: [{ ok: true }] } });

    const big = `big-${crypto.randomUUID()}`;
    await writeLog(env, { level: 'INFO', message: big, data: { text: 'x'.repeat(10_000) } });
    const [cut] = await logRows(big, null);
    expect((cut?.data ?? '').length).toBeLessThan(4200);
  });

  it('expires after 30 days', async () => {
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    const tag = crypto.randomUUID();
    for (const [name, age] of [
      ['old', 31 * day],
      ['recent', 29 * day],
    ] as const)
      await env.DB.prepare("INSERT INTO logs (level, message, created_at) VALUES ('INFO', ?, ?)")
        .bind(`${name}-${tag}`, now - age)
        .run();
    await expireLogs(env, now);
    const { results } = await env.DB.prepare('SELECT message FROM logs WHERE message LIKE ?')
      .bind(`%-${tag}`)
      .all<{ message: string }>();
    expect(results.map((r) => r.message)).toEqual([`recent-${tag}`]);
  });

  it('is not written past the per-minute cap of an isolate; the next minute says how many were dropped', async () => {
    const tag = crypto.randomUUID();
    const start = Date.now() + 24 * 60 * 60 * 1000;
    await Promise.all(
      Array.from({ length: LOG_ROWS_PER_MINUTE + 5 }, () =>
        writeLog(env, { level: 'INFO', message: `flood-${tag}` }, start),
      ),
    );
    const written = await env.DB.prepare('SELECT count(*) AS n FROM logs WHERE message = ?')
      .bind(`flood-${tag}`)
      .first<{ n: number }>();
    expect(written?.n).toBe(LOG_ROWS_PER_MINUTE);
    await writeLog(env, { level: 'INFO', message: `after-${tag}` }, start + 60_000);
    const dropped = await env.DB.prepare(
      "SELECT data FROM logs WHERE message = 'log-rows-dropped' AND created_at = ?",
    )
      .bind(start + 60_000)
      .first<{ data: string }>();
    expect(JSON.parse(dropped?.data ?? 'null')).toEqual({ count: 5, perMinute: LOG_ROWS_PER_MINUTE });
    await env.DB.prepare('DELETE FROM logs WHERE message IN (?, ?) OR created_at >= ?')
      .bind(`flood-${tag}`, `after-${tag}`, start)
      .run();
  });
});
