import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { NotificationResource } from '../../contract/notifications';
import type { PresenceServerMessage } from '../../contract/presence';
import { database } from '../../worker/db/client';
import { type Notice, notify } from '../../worker/lib/notify';
import { call, json, registerGuest, registerPlayer, type Session } from './helpers';
import { connected, openTab, pause } from './presence-helpers';

// notify() is what a clash room calls to tell a player something: the row first, then the push.

const invitation = (playerId: number, clashId = 7): Notice => ({
  playerId,
  kind: 'clash-invitation',
  params: { player: 'Ana', clash: 'Friday' },
  link: `/clashes/${clashId}`,
});

const notificationFor = (link: string) => (message: PresenceServerMessage) =>
  message.type === 'NOTIFICATION' && message.notification.link === link;

async function listOf(session: Session) {
  const response = await call(`/players/${session.player.id}/notifications`, { jar: session.jar });
  expect(response.status).toBe(200);
  return (await json(response))._embedded.notifications as NotificationResource[];
}

describe('notify()', () => {
  it('stores the notification, then pushes it to every open tab of that player and to no one else', async () => {
    const [alice, bob] = await Promise.all([registerPlayer(), registerPlayer()]);
    const aliceTabs = [await openTab(alice), await openTab(alice)];
    const bobTab = await openTab(bob);
    for (const tab of [...aliceTabs, bobTab]) await tab.until(connected);

    await notify(env, database(env.DB), invitation(alice.player.id, 41));

    const [stored] = await listOf(alice);
    expect(stored).toMatchObject({
      kind: 'clash-invitation',
      params: { player: 'Ana', clash: 'Friday' },
      link: '/clashes/41',
      _links: { self: { href: `/api/notifications/${stored.id}` } },
    });
    expect(stored.content).toContain('Ana');
    for (const tab of aliceTabs)
      expect(await tab.until(notificationFor('/clashes/41'))).toEqual({
        type: 'NOTIFICATION',
        notification: stored,
      });

    // Bob's next notification is his own: Alice's never reached him.
    await notify(env, database(env.DB), invitation(bob.player.id, 42));
    const next = await bobTab.until((message) => message.type === 'NOTIFICATION');
    expect(next.type === 'NOTIFICATION' && next.notification.link).toBe('/clashes/42');
    expect(await listOf(bob)).toHaveLength(1);
    for (const tab of [...aliceTabs, bobTab]) tab.close();
  });

  it('reaches a guest’s tab too', async () => {
    const guest = await registerGuest();
    const tab = await openTab(guest);
    await tab.until(connected);
    await notify(env, database(env.DB), invitation(guest.player.id, 43));
    await tab.until(notificationFor('/clashes/43'));
    tab.close();
  });

  it('with no tab open leaves the row for the next page load', async () => {
    const alice = await registerPlayer();
    await notify(env, database(env.DB), invitation(alice.player.id, 44));
    const list = await listOf(alice);
    expect(list.map((notification) => notification.link)).toEqual(['/clashes/44']);

    // A tab opened later is not sent it again: it reads the list.
    const tab = await openTab(alice);
    await tab.until(connected);
    await pause(200);
    expect(tab.received().filter((message) => message.type === 'NOTIFICATION')).toEqual([]);
    tab.close();
  });

  it('reaches a player’s tab even after their other tab closed', async () => {
    const alice = await registerPlayer();
    const first = await openTab(alice);
    const second = await openTab(alice);
    await second.until(connected);
    first.close();
    await pause(100);
    await notify(env, database(env.DB), invitation(alice.player.id, 45));
    await second.until(notificationFor('/clashes/45'));
    second.close();
  });
});
