import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ActivePlayers } from '../../contract/presence';
import { call, expectError, json, registerGuest, registerPlayer } from './helpers';
import { listing, openTab, pause, playersOf } from './presence-helpers';

const active = async () => (await json<ActivePlayers>(await call('/players/active')))._embedded.players;
const activeIds = async () => (await active()).map((player) => player.id);

describe('who is online (/api/ws/players)', () => {
  it('a player’s first tab puts them on everyone’s list; they stay while one tab is open and leave with the last', async () => {
    const [alice, bob] = await Promise.all([registerPlayer(), registerPlayer()]);
    const aliceTab = await openTab(alice);
    const greeting = await aliceTab.until(listing([alice.player.id]));
    expect(playersOf(greeting)).toContainEqual({ id: alice.player.id, name: alice.username, avatar: null });

    const bobTab = await openTab(bob);
    await bobTab.until(listing([alice.player.id, bob.player.id]));
    await aliceTab.until(listing([alice.player.id, bob.player.id]));

    const aliceSecondTab = await openTab(alice);
    const second = await aliceSecondTab.until(listing([alice.player.id, bob.player.id]));
    expect(playersOf(second)?.filter((player) => player.id === alice.player.id)).toHaveLength(1);

    aliceTab.close();
    await pause(300);
    expect(await activeIds()).toContain(alice.player.id);
    expect(bobTab.received().filter(listing([], [alice.player.id]))).toEqual([]);

    aliceSecondTab.close();
    await bobTab.until(listing([bob.player.id], [alice.player.id]));
    expect(await activeIds()).not.toContain(alice.player.id);
    bobTab.close();
  });

  it('lists each player once, by name', async () => {
    const [zed, amy] = await Promise.all([
      registerPlayer({ username: `Zz${crypto.randomUUID().slice(0, 8)}` }),
      registerPlayer({ username: `aa${crypto.randomUUID().slice(0, 8)}` }),
    ]);
    const tabs = [await openTab(zed), await openTab(zed), await openTab(amy)];
    const message = await tabs[0].until(listing([zed.player.id, amy.player.id]));
    const players = playersOf(message) ?? [];
    const ids = players.map((player) => player.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.indexOf(amy.player.id)).toBeLessThan(ids.indexOf(zed.player.id));
    const names = players.map((player) => player.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    for (const tab of tabs) tab.close();
  });

  it('a guest’s channel opens and gets the list, but a guest is never listed', async () => {
    const [guest, member] = await Promise.all([registerGuest(), registerPlayer()]);
    const memberTab = await openTab(member);
    await memberTab.until(listing([member.player.id]));
    const guestTab = await openTab(guest);
    await guestTab.until(listing([member.player.id], [guest.player.id]));
    expect(await activeIds()).not.toContain(guest.player.id);
    await pause(200);
    expect(memberTab.received().filter(listing([guest.player.id]))).toEqual([]);
    guestTab.close();
    memberTab.close();
  });

  it('a player who signs out leaves the list at once: their tabs are closed', async () => {
    const [alice, bob] = await Promise.all([registerPlayer(), registerPlayer()]);
    const bobTab = await openTab(bob);
    const aliceTab = await openTab(alice);
    await bobTab.until(listing([alice.player.id, bob.player.id]));
    const logout = await call('/auth/logout', { method: 'POST', jar: alice.jar });
    expect(logout.status).toBeLessThan(300);
    await bobTab.until(listing([bob.player.id], [alice.player.id]));
    expect(await activeIds()).not.toContain(alice.player.id);
    aliceTab.close();
    bobTab.close();
  });

  it('is refused without a session: 401', async () => {
    await expectError(await call('/ws/players', { headers: { Upgrade: 'websocket' } }), 401, 'unauthorized');
  });
});

describe('GET /api/players/active', () => {
  it('anyone may read it: the online players with their name and avatar', async () => {
    const alice = await registerPlayer();
    const tab = await openTab(alice);
    await tab.until(listing([alice.player.id]));
    const response = await call('/players/active');
    expect(response.status).toBe(200);
    const body = await json<ActivePlayers>(response);
    expect(body._embedded.players).toContainEqual({
      id: alice.player.id,
      name: alice.username,
      avatar: null,
    });
    tab.close();
  });

  it('is not taken for a player id', async () => {
    const response = await call('/players/active');
    expect(Object.keys(await json(response))).toEqual(['_embedded']);
  });

  it('keeps a banned player out: their channel is refused', async () => {
    const alice = await registerPlayer();
    await env.DB.prepare("UPDATE players SET status = 'BANNED' WHERE id = ?").bind(alice.player.id).run();
    await expectError(
      await call('/ws/players', { headers: { Upgrade: 'websocket', Cookie: alice.cookie } }),
      403,
      'player-banned',
    );
    expect(await activeIds()).not.toContain(alice.player.id);
  });
});
