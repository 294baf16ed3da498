import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { ClashResource } from '../../contract/clashes';
import type { QuickMatchWaiting } from '../../contract/quickMatch';
import type { NewClashPlayer } from '../../durable-objects/clashRecord';
import { banPlayer } from '../../worker/auth/access';
import { database } from '../../worker/db/client';
import { clashPlayerRows, notifications, players } from './clashes-helpers';
import { playTurn } from './games-helpers';
import { call, expectError, json, registerGuest, type Session } from './helpers';
import { openTab } from './presence-helpers';

// The quick match: "Play someone now" joins one queue; the second player to come is paired with the
// waiting player of the nearest rating and both are in a started, clocked 2-player clash at once.

const queue = () => env.QUICK_MATCH.getByName('global');
const join = (session: Session | null) => call('/quick-match/', { method: 'POST', jar: session?.jar });
const leave = (session: Session) => call('/quick-match/', { method: 'DELETE', jar: session.jar });

async function setRating(session: Session, value: number) {
  // The displayed value is 1500 + 50·(mu − 25).
  await env.DB.prepare(
    "INSERT OR REPLACE INTO player_ratings (player_id, preset, mu, rated_clashes) VALUES (?, 'CLASSIC', ?, 1)",
  )
    .bind(session.player.id, 25 + (value - 1500) / 50)
    .run();
}

/** Someone in the queue, as the route would put them there (for calls made on the object itself). */
const profile = (id: number): NewClashPlayer => ({
  id,
  name: `P${id}`,
  avatarKey: null,
  access: { tokensValidAfter: 0, banned: false },
  bot: false,
});

/** The test files share the queue object: each test starts with it empty. */
async function emptyQueue() {
  for (const entry of await queue().waiting()) await queue().leave(entry.playerId);
}

describe('the quick-match queue', () => {
  it('is for registered players', async () => {
    await expectError(await join(null), 401, 'unauthorized');
    await expectError(await join(await registerGuest()), 403, 'guest-not-allowed');
  });

  it('pairs the second player with the one waiting: a started, clocked clash for both', async () => {
    await emptyQueue();
    const [ana, ben] = await players(2);
    const anaTab = await openTab(ana);
    const benTab = await openTab(ben);
    const waiting = await join(ana);
    expect(waiting.status).toBe(202);
    const body = await json<QuickMatchWaiting>(waiting);
    expect(body).toMatchObject({ status: 'WAITING', _links: { leave: { href: '/api/quick-match' } } });
    // Asking again while waiting renews the one entry.
    expect((await join(ana)).status).toBe(202);
    expect((await queue().waiting()).map((e) => e.playerId)).toEqual([ana.player.id]);
    expect((await json<QuickMatchWaiting>(await join(ana))).since).toBe(body.since);

    const matched = await join(ben);
    expect(matched.status).toBe(200);
    const clash = await json<ClashResource>(matched);
    expect(clash).toMatchObject({ status: 'IN_PROGRESS', turnSeconds: 60, turn: 0 });
    expect(clash.turnDeadline).not.toBeNull();
    expect(clash.players.map((p) => [p.id, p.status])).toEqual([
      [ana.player.id, 'ACCEPTED'],
      [ben.player.id, 'ACCEPTED'],
    ]);
    for (const tab of [anaTab, benTab]) {
      const message = await tab.until((m) => m.type === 'MATCHED');
      expect(message.type === 'MATCHED' && message.clash.id).toBe(clash.id);
      tab.close();
    }
    const [found] = await notifications(ana.player.id, 'quick-match-found');
    expect(found).toMatchObject({
      link: `/clashes/${clash.id}`,
      params: { player: ben.player.name, rating: '1500' },
    });
    // No invitations, no "started" notices: the match is the news.
    expect(await notifications(ben.player.id, 'clash-invitation', 0)).toHaveLength(0);
    expect(await notifications(ana.player.id, 'clash-started', 0)).toHaveLength(0);
    expect(await queue().waiting()).toEqual([]);
  });

  it('lets a player leave: the next one waits instead of meeting them', async () => {
    await emptyQueue();
    const [ana, ben] = await players(2);
    expect((await join(ana)).status).toBe(202);
    expect((await leave(ana)).status).toBe(204);
    expect((await leave(ana)).status).toBe(204);
    expect((await join(ben)).status).toBe(202);
    await leave(ben);
  });

  it('pairs the nearest rating in reach, and widens the reach with the wait', async () => {
    await emptyQueue();
    const [low, high, near] = await players(3);
    await setRating(low, 1200);
    await setRating(high, 1900);
    await setRating(near, 1850);
    expect((await join(low)).status).toBe(202);
    expect((await join(high)).status).toBe(202); // 700 apart: not yet
    const matched = await json<ClashResource>(await join(near));
    expect(matched.players.map((p) => p.id)).toEqual([high.player.id, near.player.id]);
    // A minute on, anyone meets anyone.
    const later = Date.now() + 61_000;
    // Still there, renewing the entry as a waiting page does.
    for (const at of [20_000, 40_000, 60_000])
      await queue().join(profile(low.player.id), 1200, { now: later - 61_000 + at });
    const result = await queue().join(profile(9_999_999), 2600, { now: later });
    expect(result.matched?.playerId).toBe(low.player.id);
  });

  it('forgets a player who stopped renewing their entry', async () => {
    await emptyQueue();
    await queue().join(profile(8_000_001), 1500, { now: Date.now() - 31_000 });
    const result = await queue().join(profile(8_000_002), 1500);
    expect(result.matched).toBeNull();
    expect((await queue().waiting()).map((e) => e.playerId)).toEqual([8_000_002]);
    await queue().leave(8_000_002);
  });

  it('under racing joins pairs everyone once and leaves nobody waiting beside another', async () => {
    await emptyQueue();
    const people = await players(8);
    const answers = await Promise.all(people.map((p) => join(p)));
    const clashes = await Promise.all(
      answers.filter((r) => r.status === 200).map((r) => json<ClashResource>(r)),
    );
    expect(answers.filter((r) => r.status === 202)).toHaveLength(4);
    expect(clashes).toHaveLength(4);
    const seated = clashes.flatMap((c) => c.players.map((p) => p.id)).sort((a, b) => a - b);
    expect(seated).toEqual(people.map((p) => p.player.id).sort((a, b) => a - b));
    expect(await queue().waiting()).toEqual([]);
  });

  it('opens the clash on ids reserved beforehand, and its rows reach D1 with its first write', async () => {
    await emptyQueue();
    // A pairing tops the reserve up in the background; the next ones draw from it.
    const [ana, ben] = await players(2);
    await join(ana);
    await join(ben);
    await vi.waitFor(async () => expect((await queue().reservedIds()).length).toBeGreaterThan(0));
    const [next] = await queue().reservedIds();

    const [cleo, dino] = await players(2);
    await join(cleo);
    const clash = await json<ClashResource>(await join(dino));
    expect(clash.id).toBe(next?.clashId);
    expect(clash.players.map((p) => p.gameId)).toEqual(next?.gameIds);
    const gameIds = clash.players.map((p) => p.gameId);
    expect(gameIds.every((id) => typeof id === 'number')).toBe(true);
    // Answered after the rows are in: the clash, its players and its games, as any clash has them.
    const row = await env.DB.prepare('SELECT name, owner_id AS ownerId, status FROM clashes WHERE id = ?')
      .bind(clash.id)
      .first();
    expect(row).toEqual({ name: clash.name, ownerId: cleo.player.id, status: 'IN_PROGRESS' });
    expect((await clashPlayerRows(clash.id)).map((p) => [p.playerId, p.status, p.gameId])).toEqual([
      [cleo.player.id, 'ACCEPTED', gameIds[0]],
      [dino.player.id, 'ACCEPTED', gameIds[1]],
    ]);
    // Nothing of the reservations is left over, and the ids are not handed out again.
    const leftovers = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM clashes WHERE name = '(reserved)') + (SELECT count(*) FROM games WHERE type = 'CLASH' AND clash_id IS NULL) AS n",
    ).first<{ n: number }>();
    expect(leftovers?.n).toBe(0);
    // Playable like any clash: the first player's turn, through the game's own links.
    const game = await json(await call(`/games/${gameIds[0]}`, { jar: cleo.jar }));
    const played = await playTurn(cleo, game);
    expect(played.id).toBe(gameIds[0]);
    const after = await json<ClashResource>(await call(`/clashes/${clash.id}`, { jar: dino.jar }));
    expect(after.turn).toBe(1);
    const [eve] = await players(1);
    const solo = await json(
      await call('/games/', { method: 'PUT', jar: eve.jar, body: { playerId: eve.player.id } }),
    );
    expect([...gameIds, clash.id]).not.toContain(solo.id);
  });

  it('takes a banned player off the queue', async () => {
    await emptyQueue();
    const [ana, ben] = await players(2);
    expect((await join(ana)).status).toBe(202);
    await banPlayer(env, database(env.DB), ana.player.id);
    expect(await queue().waiting()).toEqual([]);
    expect((await join(ben)).status).toBe(202);
    await leave(ben);
  });
});
