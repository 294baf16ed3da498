import { env, runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ACTIVE_PAGE_MAX } from '../../contract/presence';
import { presenceRoom, onlineList } from '../../worker/rooms';
import { call, expectError, registerGuest, registerPlayer } from './helpers';
import { connected, online, openTab, pause, untilListed } from './presence-helpers';

// Who is online: each Presence shard tells the one OnlineList who came and went (docs/scale.md). The Workers
// tests share the list, so other files' players come and go on it: a test asks about its own players.

describe('who is online (/api/ws/players)', () => {
  it('a player’s first tab puts them on the list; they stay while one tab is open and leave with the last', async () => {
    const [alice, bob] = await Promise.all([registerPlayer(), registerPlayer()]);
    const aliceTab = await openTab(alice);
    await aliceTab.until(connected);
    const [listed] = await untilListed([alice.player.id]);
    expect(listed).toEqual({ id: alice.player.id, name: alice.username, avatar: null });

    const bobTab = await openTab(bob);
    const aliceSecondTab = await openTab(alice);
    await untilListed([alice.player.id, bob.player.id]);

    aliceTab.close();
    await pause(900);
    await untilListed([alice.player.id, bob.player.id]);

    aliceSecondTab.close();
    await untilListed([bob.player.id], [alice.player.id]);
    bobTab.close();
    await untilListed([], [bob.player.id]);
  });

  it('a join is not told to every tab: another player’s tab hears nothing of it', async () => {
    const [alice, bob] = await Promise.all([registerPlayer(), registerPlayer()]);
    const aliceTab = await openTab(alice);
    await aliceTab.until(connected);
    const bobTab = await openTab(bob);
    await untilListed([alice.player.id, bob.player.id]);
    bobTab.close();
    await untilListed([alice.player.id], [bob.player.id]);
    expect(aliceTab.received()).toEqual([]);
    aliceTab.close();
  });

  it('a shard tells the list many joins in one call (fan-in), not one call a player', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const players = await Promise.all(
      Array.from({ length: 8 }, (_, i) => registerPlayer({ username: `f${i}${tag}` })),
    );
    // The earlier tests' leaves reach the list first: they are not this test's calls.
    await pause(1000);
    const before = await onlineList(env).reports();
    // Development's `shards=1` puts every channel on one shard, as a busy shard of production would hold them.
    const tabs = await Promise.all(players.map((player) => openTab(player, 'shards=1')));
    await expect
      .poll(async () => (await online(`q=${tag}`))._embedded.players.length, { timeout: 4000 })
      .toBe(players.length);
    const calls = (await onlineList(env).reports()) - before;
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThanOrEqual(3);
    for (const tab of tabs) tab.close();
    await expect
      .poll(async () => (await online(`q=${tag}`))._embedded.players.length, { timeout: 4000 })
      .toBe(0);
  });

  it('a player’s own shard answers whether they are online at once, before the list hears of it', async () => {
    const alice = await registerPlayer();
    const tab = await openTab(alice);
    await tab.until(connected);
    const asked = await online(`ids=${alice.player.id}`);
    expect(asked).toEqual({
      count: null,
      _embedded: { players: [{ id: alice.player.id, name: alice.username, avatar: null }] },
    });
    tab.close();
  });

  it('a guest’s channel opens and is greeted, but a guest is never listed', async () => {
    const guest = await registerGuest();
    const guestTab = await openTab(guest);
    await guestTab.until(connected);
    await pause(800);
    expect((await online(`ids=${guest.player.id}`))._embedded.players).toEqual([]);
    guestTab.close();
  });

  it('a player who signs out leaves the list: their tabs are closed', async () => {
    const alice = await registerPlayer();
    const aliceTab = await openTab(alice);
    await untilListed([alice.player.id]);
    const logout = await call('/auth/logout', { method: 'POST', jar: alice.jar });
    expect(logout.status).toBeLessThan(300);
    expect(await aliceTab.closed).toBe(4001);
    await untilListed([], [alice.player.id]);
  });

  it('a shard’s resync takes off a player whose leave the list never heard', async () => {
    const alice = await registerPlayer();
    const tab = await openTab(alice);
    await untilListed([alice.player.id]);
    // A player the list holds on Alice's shard with no channel open there: a leave that was lost.
    const tag = crypto.randomUUID().slice(0, 6);
    const lost = { id: 990_000 + (alice.player.id % 16), name: `lost${tag}`, avatar: null };
    await onlineList(env).report(`shard-${alice.player.id % 16}`, { joined: [lost], left: [] });
    expect((await online(`q=${tag}`))._embedded.players).toEqual([lost]);
    expect(await runDurableObjectAlarm(presenceRoom(env, alice.player.id))).toBe(true);
    expect((await online(`q=${tag}`))._embedded.players).toEqual([]);
    expect((await online(`q=${alice.username}`))._embedded.players.map((p) => p.id)).toEqual([
      alice.player.id,
    ]);
    tab.close();
  });

  it('is refused without a session: 401', async () => {
    await expectError(await call('/ws/players', { headers: { Upgrade: 'websocket' } }), 401, 'unauthorized');
  });
});

describe('GET /api/players/active', () => {
  it('anyone may read it: the players asked about by id, by name, and the count', async () => {
    const [zed, amy, carl] = await Promise.all([
      registerPlayer({ username: `Zz${crypto.randomUUID().slice(0, 8)}` }),
      registerPlayer({ username: `aa${crypto.randomUUID().slice(0, 8)}` }),
      registerPlayer(),
    ]);
    const tabs = [await openTab(zed), await openTab(amy)];
    await untilListed([zed.player.id, amy.player.id]);
    const body = await online(`ids=${zed.player.id},${carl.player.id},${amy.player.id}`);
    expect(body._embedded.players.map((player) => player.id)).toEqual([amy.player.id, zed.player.id]);
    // The count is the list's, which the shards tell within REPORT_DELAY_MS.
    await expect.poll(async () => (await online()).count, { timeout: 4000 }).toBeGreaterThanOrEqual(2);
    for (const tab of tabs) tab.close();
  });

  it('finds online players by a part of their name, and pages the list by name', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const players = await Promise.all(
      ['b', 'a', 'c'].map((letter) => registerPlayer({ username: `${letter}${tag}` })),
    );
    const tabs = await Promise.all(players.map((player) => openTab(player)));
    await untilListed(players.map((player) => player.player.id));
    await expect
      .poll(
        async () => (await online(`q=${tag.toUpperCase()}&limit=2`))._embedded.players.map((p) => p.name),
        {
          timeout: 4000,
        },
      )
      .toEqual([`a${tag}`, `b${tag}`]);
    const first = await online('limit=1');
    expect(first._embedded.players).toHaveLength(1);
    expect(first.count).toBeGreaterThanOrEqual(3);
    for (const tab of tabs) tab.close();
  });

  it('refuses a query it cannot answer: 400 input-invalid', async () => {
    await expectError(await call('/players/active?ids=1,x'), 400, 'input-invalid');
    await expectError(await call(`/players/active?limit=${ACTIVE_PAGE_MAX + 1}`), 400, 'input-invalid');
    const many = Array.from({ length: ACTIVE_PAGE_MAX + 1 }, (_, index) => index + 1).join(',');
    await expectError(await call(`/players/active?ids=${many}`), 400, 'input-invalid');
  });

  it('keeps a banned player out: their channel is refused', async () => {
    const alice = await registerPlayer();
    await env.DB.prepare("UPDATE players SET status = 'BANNED' WHERE id = ?").bind(alice.player.id).run();
    await expectError(
      await call('/ws/players', { headers: { Upgrade: 'websocket', Cookie: alice.cookie } }),
      403,
      'player-banned',
    );
    expect((await online(`ids=${alice.player.id}`))._embedded.players).toEqual([]);
  });
});
