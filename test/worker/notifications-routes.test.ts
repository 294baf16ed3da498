import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { NotificationResource } from '../../contract/notifications';
import { database } from '../../worker/db/client';
import { notify } from '../../worker/lib/notify';
import { call, expectError, json, registerGuest, registerPlayer, type Session } from './helpers';

// A player's notifications: the list on their player resource, one by its self link. Only the owner reads
// or deletes them; deleting marks read.

async function notified(session: Session, clashId: number) {
  await notify(env, database(env.DB), {
    playerId: session.player.id,
    kind: 'clash-accepted',
    params: { player: 'Ivo', clash: `Clash ${clashId}` },
    link: `/clashes/${clashId}`,
  });
}

/** A notification's self link, where it is read and deleted. */
function selfOf(notification: NotificationResource): string {
  const href = notification._links.self?.href;
  if (!href) throw new Error('a notification without its self link');
  return href;
}

const listPath = (session: Session) => `/players/${session.player.id}/notifications`;

async function listOf(session: Session, query = '') {
  const response = await call(`${listPath(session)}${query}`, { jar: session.jar });
  expect(response.status).toBe(200);
  return json<{ _embedded: { notifications: NotificationResource[] }; page: { totalElements: number } }>(
    response,
  );
}

describe('a player’s notifications', () => {
  it('are listed newest first, each with its self link', async () => {
    const alice = await registerPlayer();
    for (const clashId of [1, 2, 3]) await notified(alice, clashId);
    const body = await listOf(alice);
    expect(body._embedded.notifications.map((n) => n.link)).toEqual([
      '/clashes/3',
      '/clashes/2',
      '/clashes/1',
    ]);
    expect(body.page.totalElements).toBe(3);
    const [newest] = body._embedded.notifications;
    expect(selfOf(newest)).toBe(`/api/notifications/${newest.id}`);
    const oldestFirst = await listOf(alice, '?order=asc');
    expect(oldestFirst._embedded.notifications.map((n) => n.link)).toEqual([
      '/clashes/1',
      '/clashes/2',
      '/clashes/3',
    ]);
  });

  it('one is read by its owner through its self link', async () => {
    const alice = await registerPlayer();
    await notified(alice, 5);
    const [listed] = (await listOf(alice))._embedded.notifications;
    const response = await call(selfOf(listed), { jar: alice.jar });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual(listed);
  });

  it('one is deleted by its owner (marked read): 204, then it is gone', async () => {
    const alice = await registerPlayer();
    await notified(alice, 6);
    await notified(alice, 7);
    const [seven, six] = (await listOf(alice))._embedded.notifications;
    const deleted = await call(selfOf(seven), { method: 'DELETE', jar: alice.jar });
    expect(deleted.status).toBe(204);
    expect((await listOf(alice))._embedded.notifications).toEqual([six]);
    await expectError(await call(selfOf(seven), { jar: alice.jar }), 404, 'notification-not-found');
    await expectError(
      await call(selfOf(seven), { method: 'DELETE', jar: alice.jar }),
      404,
      'notification-not-found',
    );
  });

  it('all are deleted at once through the list’s link (mark all read), only the player’s own', async () => {
    const [alice, bob] = await Promise.all([registerPlayer(), registerPlayer()]);
    await notified(alice, 8);
    await notified(alice, 9);
    await notified(bob, 10);
    const response = await call(listPath(alice), { method: 'DELETE', jar: alice.jar });
    expect(response.status).toBe(204);
    expect((await listOf(alice))._embedded.notifications).toEqual([]);
    expect((await listOf(bob))._embedded.notifications.map((n) => n.link)).toEqual(['/clashes/10']);
  });

  it('a guest has notifications too', async () => {
    const guest = await registerGuest();
    await notified(guest, 11);
    expect((await listOf(guest))._embedded.notifications).toHaveLength(1);
  });
});

describe('someone else’s notifications', () => {
  it('cannot be read or deleted by another player: 403, and they stay', async () => {
    const [alice, mallory] = await Promise.all([registerPlayer(), registerPlayer()]);
    await notified(alice, 12);
    const [mine] = (await listOf(alice))._embedded.notifications;
    await expectError(await call(selfOf(mine), { jar: mallory.jar }), 403, 'forbidden');
    await expectError(await call(selfOf(mine), { method: 'DELETE', jar: mallory.jar }), 403, 'forbidden');
    await expectError(await call(listPath(alice), { jar: mallory.jar }), 403, 'forbidden');
    await expectError(await call(listPath(alice), { method: 'DELETE', jar: mallory.jar }), 403, 'forbidden');
    expect((await listOf(alice))._embedded.notifications).toEqual([mine]);
  });

  it('cannot be read or deleted without a session: 401', async () => {
    const alice = await registerPlayer();
    await notified(alice, 13);
    const [mine] = (await listOf(alice))._embedded.notifications;
    await expectError(await call(selfOf(mine)), 401, 'unauthorized');
    await expectError(await call(selfOf(mine), { method: 'DELETE' }), 401, 'unauthorized');
    await expectError(await call(listPath(alice)), 401, 'unauthorized');
    await expectError(await call(listPath(alice), { method: 'DELETE' }), 401, 'unauthorized');
    expect((await listOf(alice))._embedded.notifications).toEqual([mine]);
  });

  it('a notification that does not exist is 404 notification-not-found', async () => {
    const alice = await registerPlayer();
    await expectError(
      await call('/notifications/987654321', { jar: alice.jar }),
      404,
      'notification-not-found',
    );
    await expectError(
      await call('/notifications/987654321', { method: 'DELETE', jar: alice.jar }),
      404,
      'notification-not-found',
    );
  });
});
