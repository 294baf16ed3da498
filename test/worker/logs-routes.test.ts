import { describe, expect, it } from 'vitest';
import type { LogSummary } from '../../contract/logs';
import { call, expectError, json, makeAdmin, registerPlayer, type Session } from './helpers';
import { logRows } from './logs-helpers';

// The log routes: admins list, read and delete every row; a player reads none, not even their own (a server
// error's row carries its stack).

type LogPage = { _embedded: { logs: LogSummary[] }; page: { size: number; totalElements: number } };

async function admin(): Promise<Session> {
  const session = await registerPlayer();
  await makeAdmin(session.player.id);
  return session;
}

/** A failed sign-in of the player: one WARN row of theirs. */
async function failedSignIn(session: Session & { username: string }): Promise<number> {
  await call('/auth/token', { method: 'POST', body: { identifier: session.username, password: 'not-it-0' } });
  const rows = await logRows('sign-in-failed', session.player.id);
  return rows[rows.length - 1]?.id as number;
}

describe('the log routes', () => {
  it('list every row to an admin, paged and sorted, with links to read and delete each', async () => {
    const ana = await registerPlayer();
    const id = await failedSignIn(ana);
    const boss = await admin();
    const response = await call('/logs/?size=100&sort=createdAt&order=desc', { jar: boss.jar });
    expect(response.status).toBe(200);
    const list = await json<LogPage>(response);
    expect(list.page.size).toBe(100);
    const row = list._embedded.logs.find((l) => l.id === id);
    expect(row).toMatchObject({
      player: { id: ana.player.id, name: ana.player.name },
      level: 'WARN',
      message: 'sign-in-failed',
      _links: { self: { href: `/api/logs/${id}` }, delete: { href: `/api/logs/${id}` } },
    });
    const times = list._embedded.logs.map((l) => l.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await call('/logs/?sort=level&order=asc', { jar: boss.jar })).status).toBe(200);
    await expectError(await call('/logs/?sort=message', { jar: boss.jar }), 400, 'input-invalid');
    await expectError(await call('/logs/?size=0', { jar: boss.jar }), 400, 'input-invalid');
  });

  it('let a player read no row, not even their own, and delete none', async () => {
    const ana = await registerPlayer();
    const ben = await registerPlayer();
    const id = await failedSignIn(ana);
    await expectError(await call(`/logs/${id}`, { jar: ana.jar }), 403, 'admin-only');
    await expectError(await call(`/logs/${id}`, { jar: ben.jar }), 403, 'admin-only');
    await expectError(await call(`/players/${ana.player.id}/logs`, { jar: ana.jar }), 403, 'admin-only');
    await expectError(await call(`/logs/${id}`, { method: 'DELETE', jar: ana.jar }), 403, 'admin-only');
    await expectError(await call('/logs/', { method: 'DELETE', jar: ana.jar }), 403, 'admin-only');
    await expectError(await call('/logs/', { jar: ana.jar }), 403, 'admin-only');
    await expectError(await call('/logs/'), 401, 'unauthorized');
  });

  it("list a player's rows to an admin on the player's logs link, each with its links", async () => {
    const ana = await registerPlayer();
    const id = await failedSignIn(ana);
    const boss = await admin();
    const seen = await json<{ _links: { logs?: { href: string } } }>(
      await call(`/players/${ana.player.id}`, { jar: boss.jar }),
    );
    const list = await json<LogPage>(await call(seen._links.logs?.href as string, { jar: boss.jar }));
    expect(list._embedded.logs.find((l) => l.id === id)?._links).toEqual({
      self: { href: `/api/logs/${id}` },
      delete: { href: `/api/logs/${id}` },
    });
    const own = await json<{ _links: { logs?: unknown } }>(await call('/players/me', { jar: ana.jar }));
    expect(own._links.logs).toBeUndefined();
  });

  it('let an admin delete one row, then all, which leaves the row that says who cleared the log', async () => {
    const ana = await registerPlayer();
    const id = await failedSignIn(ana);
    const boss = await admin();
    expect((await call(`/logs/${id}`, { method: 'DELETE', jar: boss.jar })).status).toBe(204);
    await expectError(await call(`/logs/${id}`, { jar: boss.jar }), 404, 'log-not-found');
    await expectError(await call(`/logs/${id}`, { method: 'DELETE', jar: boss.jar }), 404, 'log-not-found');

    const other = await failedSignIn(ana);
    expect((await call('/logs/', { method: 'DELETE', jar: boss.jar })).status).toBe(204);
    await expectError(await call(`/logs/${other}`, { jar: boss.jar }), 404, 'log-not-found');
    const [cleared] = await logRows('admin-delete-logs', boss.player.id);
    expect(cleared?.level).toBe('INFO');
  });
});
