import { env } from 'cloudflare:test';
import { describe, expect, inject, it } from 'vitest';
import type { NotificationChoices, PushPayload } from '../../contract/push';
import { database } from '../../worker/db/client';
import { sendDigests } from '../../worker/lib/digest';
import { type Notice, notify } from '../../worker/lib/notify';
import { endpointAllowed } from '../../worker/lib/webPush';
import { startedClash, takeTurn } from './clashes-helpers';
import {
  call,
  expectError,
  json,
  outbox,
  registerGuest,
  registerPlayer,
  type Session,
  uniqueEmail,
  verifyEmail,
} from './helpers';
import { connected, openTab, pause } from './presence-helpers';

// Told when the tab is closed (issue 29): a player with no tab open is reached by Web Push on each device
// they subscribed and, if they opted in, by e-mail. The push service is a fake on a loopback port
// (test/fakes/pushService.mjs, started by pushServiceSetup.ts) that checks the VAPID signature and decrypts
// the aes128gcm payload as a real one would.

const fake = inject('pushServiceUrl');

interface FakeSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}
interface Received {
  received: { id: string; payload: PushPayload }[];
  refused: { id: string; reason: string }[];
}

async function fakeSubscription(): Promise<FakeSubscription> {
  return (await fetch(`${fake}/subscriptions`, { method: 'POST' })).json();
}

async function receivedBy(id: string): Promise<Received> {
  return (await fetch(`${fake}/received?id=${id}`)).json();
}

/** What the fake got for `id`, once it holds `atLeast` pushes (or 200 ms later when none are expected). */
async function pushesTo(id: string, atLeast = 1): Promise<Received> {
  if (atLeast === 0) await pause(300);
  for (let attempt = 0; attempt < 100; attempt++) {
    const got = await receivedBy(id);
    if (got.received.length >= atLeast || got.refused.length) return got;
    await pause(20);
  }
  return receivedBy(id);
}

async function subscribe(session: Session, subscription: unknown) {
  return call('/push-subscriptions/', { method: 'POST', jar: session.jar, body: subscription });
}

/** A player with one device subscribed at the fake. */
async function subscribed(session: Session) {
  const device = await fakeSubscription();
  expect((await subscribe(session, device)).status).toBe(201);
  return device;
}

const subscriptionRows = (playerId: number) =>
  env.DB.prepare('SELECT endpoint FROM push_subscriptions WHERE player_id = ?')
    .bind(playerId)
    .all<{ endpoint: string }>()
    .then((rows) => rows.results.map((row) => row.endpoint));

const turnNotice = (playerId: number, clashId: number, turn = 't1'): Notice => ({
  playerId,
  kind: 'clash-turn',
  params: { clash: 'Friday' },
  link: `/clashes/${clashId}`,
  turn,
});

async function choose(session: Session, notifications: unknown, language = 'en') {
  const response = await call(`/players/${session.player.id}/preferences`, {
    method: 'PUT',
    jar: session.jar,
    body: { language, theme: 'dark', notifications },
  });
  expect(response.status).toBe(200);
  return (await json(response)).notifications as NotificationChoices;
}

/** A registered player whose e-mail address is verified. */
async function withVerifiedEmail() {
  const email = uniqueEmail('push');
  const player = await registerPlayer({ email });
  await verifyEmail(email);
  return { ...player, email };
}

describe('the push subscription routes', () => {
  it('GET /api/push/key answers the VAPID public key, with no session needed', async () => {
    const response = await call('/push/key');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ publicKey: env.VAPID_PUBLIC_KEY });
  });

  it('stores one row per device, replaced when the browser subscribes again, and deletes it', async () => {
    const ana = await registerPlayer();
    const device = await fakeSubscription();
    const created = await subscribe(ana, device);
    expect(created.status).toBe(201);
    expect(await json(created)).toMatchObject({ endpoint: device.endpoint, publicKey: env.VAPID_PUBLIC_KEY });
    expect((await subscribe(ana, device)).status).toBe(201);
    expect(await subscriptionRows(ana.player.id)).toEqual([device.endpoint]);

    // The same device signed in as someone else now tells them, not Ana.
    const ben = await registerPlayer();
    expect((await subscribe(ben, device)).status).toBe(201);
    expect(await subscriptionRows(ana.player.id)).toEqual([]);

    const query = `/push-subscriptions/?endpoint=${encodeURIComponent(device.endpoint)}`;
    expect((await call(query, { method: 'DELETE', jar: ben.jar })).status).toBe(204);
    await expectError(
      await call(query, { method: 'DELETE', jar: ben.jar }),
      404,
      'push-subscription-not-found',
    );
    const other = await subscribed(ben);
    const byBody = { method: 'DELETE', jar: ben.jar, body: { endpoint: other.endpoint } };
    expect((await call('/push-subscriptions/', byBody)).status).toBe(204);
    expect(await subscriptionRows(ben.player.id)).toEqual([]);
  });

  it('lets a guest subscribe (challenge links seat guests), and nobody without a session', async () => {
    const guest = await registerGuest();
    expect((await subscribe(guest, await fakeSubscription())).status).toBe(201);
    const anonymous = await call('/push-subscriptions/', { method: 'POST', body: await fakeSubscription() });
    expect(anonymous.status).toBe(401);
  });

  it('refuses an endpoint that is not https, except plain http on a loopback address in development', async () => {
    const ana = await registerPlayer();
    const { keys } = await fakeSubscription();
    await expectError(
      await subscribe(ana, { endpoint: 'http://push.example.com/x', keys }),
      400,
      'push-endpoint-invalid',
    );
    await expectError(
      await subscribe(ana, { endpoint: 'ftp://push.example/x', keys }),
      400,
      'push-endpoint-invalid',
    );
    await expectError(await subscribe(ana, { endpoint: 'not a url', keys }), 400, 'push-endpoint-invalid');
    expect((await subscribe(ana, { endpoint: 'https://push.example.com/send/abc', keys })).status).toBe(201);
    await expectError(
      await subscribe(ana, {
        endpoint: 'https://push.example.com/y',
        keys: { p256dh: 'short', auth: keys.auth },
      }),
      400,
      'push-subscription-invalid',
    );
    await expectError(
      await subscribe(ana, { endpoint: 'https://push.example.com/z' }),
      400,
      'push-subscription-invalid',
    );

    // Outside development a loopback http endpoint is refused like any other plain http one.
    expect(endpointAllowed({ ENVIRONMENT: 'development' }, 'http://127.0.0.1:9/push/1')).toBe(true);
    expect(endpointAllowed({ ENVIRONMENT: 'production' }, 'http://127.0.0.1:9/push/1')).toBe(false);
    expect(endpointAllowed({ ENVIRONMENT: 'production' }, 'https://fcm.googleapis.com/fcm/send/x')).toBe(
      true,
    );
    expect(endpointAllowed({ ENVIRONMENT: 'development' }, 'http://10.0.0.1/push/1')).toBe(false);
  });
});

describe('a push to a player with no tab open', () => {
  it('reaches each of their devices, signed and encrypted, in their language, with the clash link', async () => {
    const ana = await registerPlayer();
    await choose(ana, {}, 'hr');
    const [phone, laptop] = [await subscribed(ana), await subscribed(ana)];
    await notify(env, database(env.DB), turnNotice(ana.player.id, 7001));
    for (const device of [phone, laptop]) {
      const got = await pushesTo(device.id);
      expect(got.refused).toEqual([]);
      expect(got.received.map((r) => r.payload)).toEqual([
        {
          kind: 'clash-turn',
          title: 'Yamb',
          body: 'Na potezu ste u okršaju „Friday”',
          link: '/clashes/7001',
        },
      ]);
    }
  });

  it('is not sent while the player has a tab open: the tab is told instead', async () => {
    const ana = await registerPlayer();
    const device = await subscribed(ana);
    const tab = await openTab(ana);
    await tab.until(connected);
    await notify(env, database(env.DB), turnNotice(ana.player.id, 7002));
    await tab.until((m) => m.type === 'NOTIFICATION');
    expect((await pushesTo(device.id, 0)).received).toEqual([]);
    tab.close();
  });

  it('is sent when it becomes their turn in a clash while they are away', async () => {
    const { clash, players, gameIds } = await startedClash(2);
    const device = await subscribed(players[1]);
    await takeTurn(players[0], gameIds[0]);
    const got = await pushesTo(device.id);
    expect(got.received.map((r) => [r.payload.kind, r.payload.link])).toEqual([
      ['clash-turn', `/clashes/${clash.id}`],
    ]);
  });

  it('forgets a device whose push service answers 404 or 410', async () => {
    for (const status of [404, 410]) {
      const ana = await registerPlayer();
      const device = await subscribed(ana);
      await fetch(`${fake}/subscriptions/${device.id}/status`, {
        method: 'PUT',
        body: JSON.stringify({ status }),
      });
      await notify(env, database(env.DB), turnNotice(ana.player.id, 7003));
      for (let attempt = 0; attempt < 50 && (await subscriptionRows(ana.player.id)).length; attempt++)
        await pause(20);
      expect(await subscriptionRows(ana.player.id)).toEqual([]);
    }
  });

  it('keeps to the player’s choices per kind: push off for "your turn" sends none, other kinds still go', async () => {
    const ana = await registerPlayer();
    const choices = await choose(ana, { kinds: { 'clash-turn': { push: false } } });
    expect(choices.kinds['clash-turn']).toEqual({ push: false, email: false });
    expect(choices.kinds['clash-turn-warning']).toEqual({ push: true, email: false });
    const device = await subscribed(ana);
    await notify(env, database(env.DB), turnNotice(ana.player.id, 7004));
    expect((await pushesTo(device.id, 0)).received).toEqual([]);
    await notify(env, database(env.DB), { ...turnNotice(ana.player.id, 7004), kind: 'clash-turn-warning' });
    expect((await pushesTo(device.id)).received.map((r) => r.payload.kind)).toEqual(['clash-turn-warning']);

    // A kind that is not one of the four (an invitation) is never pushed.
    await notify(env, database(env.DB), { ...turnNotice(ana.player.id, 7005), kind: 'clash-invitation' });
    expect((await pushesTo(device.id, 0)).received).toHaveLength(1);
  });

  it('refuses notification choices that are not booleans', async () => {
    const ana = await registerPlayer();
    const response = await call(`/players/${ana.player.id}/preferences`, {
      method: 'PUT',
      jar: ana.jar,
      body: { language: 'en', theme: 'dark', notifications: { kinds: { 'clash-turn': { push: 'yes' } } } },
    });
    await expectError(response, 400, 'notifications-invalid');
  });
});

describe('e-mail to a player with no tab open', () => {
  it('is off until chosen, then sent at most once per clash per turn, in the player’s language', async () => {
    const ana = await withVerifiedEmail();
    const before = (await outbox(ana.email)).length;
    await notify(env, database(env.DB), turnNotice(ana.player.id, 7101));
    await pause(100);
    expect(await outbox(ana.email)).toHaveLength(before);

    await choose(
      ana,
      { kinds: { 'clash-turn': { email: true }, 'clash-turn-warning': { email: true } } },
      'hr',
    );
    await notify(env, database(env.DB), turnNotice(ana.player.id, 7101, 'turn-a'));
    await notify(env, database(env.DB), {
      ...turnNotice(ana.player.id, 7101, 'turn-a'),
      kind: 'clash-turn-warning',
    });
    const mails = (await outbox(ana.email)).slice(0, -before || undefined);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Na potezu ste u okršaju „Friday”');
    expect(mails[0].text).toContain('/clashes/7101');

    // The next turn of the same clash is a new one.
    await notify(env, database(env.DB), turnNotice(ana.player.id, 7101, 'turn-b'));
    expect((await outbox(ana.email)).length).toBe(before + 2);
  });

  it('never goes to an address that is not verified', async () => {
    const email = uniqueEmail('unverified');
    const ana = await registerPlayer({ email });
    await choose(ana, { kinds: { 'clash-turn': { email: true } } });
    const before = (await outbox(email)).length;
    await notify(env, database(env.DB), turnNotice(ana.player.id, 7102));
    await pause(100);
    expect(await outbox(email)).toHaveLength(before);
  });
});

describe('the daily digest', () => {
  it('goes at most once a day to a player who asked for it, listing what waits with its links', async () => {
    const ana = await withVerifiedEmail();
    await choose(ana, { digest: true });
    const db = database(env.DB);
    await notify(env, db, turnNotice(ana.player.id, 7201));
    const digests = async () =>
      (await outbox(ana.email)).filter((m) => m.subject.startsWith('Your day on Yamb'));

    const now = Date.now();
    await sendDigests(env, db, now);
    await sendDigests(env, db, now + 60_000);
    const first = await digests();
    expect(first).toHaveLength(1);
    expect(first[0].subject).toBe('Your day on Yamb: 1 waiting for you');
    expect(first[0].text).toContain('/clashes/7201');

    // Nothing new the next day: no digest. Something new: one more.
    const tomorrow = now + 24 * 60 * 60 * 1000;
    await sendDigests(env, db, tomorrow);
    expect(await digests()).toHaveLength(1);
    await notify(env, db, turnNotice(ana.player.id, 7202));
    await env.DB.prepare('UPDATE notifications SET created_at = ? WHERE player_id = ? AND link = ?')
      .bind(tomorrow, ana.player.id, '/clashes/7202')
      .run();
    await sendDigests(env, db, tomorrow + 1);
    await sendDigests(env, db, tomorrow + 2);
    const second = await digests();
    expect(second).toHaveLength(2);
    expect(second[0].text).toContain('/clashes/7202');
    expect(second[0].text).not.toContain('/clashes/7201');
  });

  it('is not sent to a player who did not ask for it', async () => {
    const ana = await withVerifiedEmail();
    const db = database(env.DB);
    await notify(env, db, turnNotice(ana.player.id, 7203));
    await sendDigests(env, db);
    expect((await outbox(ana.email)).filter((m) => m.subject.startsWith('Your day'))).toEqual([]);
  });
});
