import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ClashResource } from '../../contract/clashes';
import { database } from '../../worker/db/client';
import { ratingChangesOf, ratingWrites } from '../../worker/db/ratings';
import { answer, createClash, getClash, postClash, player, startedClash } from './clashes-helpers';
import { call, json, registerGuest } from './helpers';
import {
  finish,
  lastFill,
  letTheBotPlay,
  oneBoxLeft,
  playerResource,
  ratingRows,
  ratingTab,
  rewriteIndex,
  theBot,
} from './ratings-helpers';

const ratingsOf = (ids: number[]) => Promise.all(ids.map(async (id) => (await playerResource(id)).rating));

describe('clash ratings', () => {
  it('two clashes of the same players ending at once both count: the later write fails and is redone', async () => {
    const [ana, ben] = [await player(), await player()];
    const first = await createClash(ana, [ben]);
    // Ben's: an owner has one pending clash at a time with a player.
    const second = await createClash(ben, [ana]);
    const db = database(env.DB);
    const completed = (id: number, anaScore: number) => ({
      id,
      players: [
        { id: ana.player.id, score: anaScore, fills: 52 },
        { id: ben.player.id, score: 500, fills: 52 },
      ],
      completedAt: Date.now(),
    });
    // Both completions read the ratings before either writes, as two rooms ending together do.
    const [firstWrites, secondWrites] = await Promise.all([
      ratingWrites(db, completed(first.id, 900)),
      ratingWrites(db, completed(second.id, 800)),
    ]);
    const [head, ...rest] = firstWrites;
    await db.batch([head!, ...rest]);
    const [stale, ...staleRest] = secondWrites;
    await expect(db.batch([stale!, ...staleRest])).rejects.toThrow();
    expect((await ratingRows(second.id)).length).toBe(0);
    // The room's index writes again: computed from the ratings the first clash left.
    const [again, ...againRest] = await ratingWrites(db, completed(second.id, 800));
    await db.batch([again!, ...againRest]);
    const [anaAfter, benAfter] = await ratingsOf([ana.player.id, ben.player.id]);
    expect([anaAfter?.clashes, benAfter?.clashes]).toEqual([2, 2]);
    const changes = await env.DB.prepare(
      'SELECT mu_before AS before, mu_after AS after FROM rating_changes WHERE player_id = ? ORDER BY clash_id',
    )
      .bind(ana.player.id)
      .all<{ before: number; after: number }>();
    const [one, two] = changes.results;
    // The second change starts where the first ended: nothing was lost.
    expect(two?.before).toBe(one?.after);
    expect(anaAfter?.value).toBeGreaterThan(1500);
  });

  it('a new registered player has the default rating, provisional; guests and the bot have none', async () => {
    const someone = await player();
    expect((await playerResource(someone.player.id)).rating).toEqual({
      value: 1500,
      provisional: true,
      clashes: 0,
    });
    // The answers that carry the player themselves carry it too.
    expect(someone.player.rating).toEqual({ value: 1500, provisional: true, clashes: 0 });
    const guest = await registerGuest();
    expect((await playerResource(guest.player.id)).rating).toBeNull();
    expect((await theBot()).rating).toBeNull();
  });

  it('completing a 3-player clash rates all three before the last fill is answered, once', async () => {
    const started = await startedClash(3);
    const ids = started.players.map((p) => p.player.id);
    // The last player wins, the owner comes last.
    await oneBoxLeft(started.clash.id, started.gameIds, [0, 10, 20]);
    await lastFill(started.players[0]!, started.gameIds[0]!);
    await lastFill(started.players[1]!, started.gameIds[1]!);
    await lastFill(started.players[2]!, started.gameIds[2]!);

    // Nothing waited for: the last fill's answer came after the index (and the ratings) were written.
    const after = await ratingsOf(ids);
    expect(after.map((r) => r?.clashes)).toEqual([1, 1, 1]);
    expect(after.map((r) => r?.provisional)).toEqual([true, true, true]);
    const [last, second, first] = after.map((r) => r?.value ?? 0) as [number, number, number];
    expect(first).toBeGreaterThan(second);
    expect(second).toBeGreaterThan(last);
    expect(first).toBeGreaterThan(1500);
    expect(last).toBeLessThan(1500);
    expect(await ratingRows(started.clash.id)).toEqual(
      [
        { playerId: ids[0], place: 3 },
        { playerId: ids[1], place: 2 },
        { playerId: ids[2], place: 1 },
      ].sort((a, b) => (a.playerId ?? 0) - (b.playerId ?? 0)),
    );

    // On the rating tab at once, in their order.
    const tab = await ratingTab('?size=100');
    const order = tab._embedded.ratings.filter((r) => ids.includes(r.player.id)).map((r) => r.player.id);
    expect(order).toEqual([ids[2], ids[1], ids[0]]);
    expect(tab._embedded.ratings.find((r) => r.player.id === ids[2])).toMatchObject({
      value: first,
      provisional: true,
      clashes: 1,
      _links: { player: { href: `/api/players/${ids[2]}` } },
    });

    // What the room's owner reads to tell each player.
    const changes = await ratingChangesOf(database(env.DB), started.clash.id);
    expect(changes.sort((a, b) => a.playerId - b.playerId)).toEqual(
      ids
        .map((playerId, i) => ({ playerId, before: 1500, after: [last, second, first][i] }))
        .sort((a, b) => a.playerId - b.playerId),
    );

    // A retried completion (the index written again, twice) rates nobody again.
    await rewriteIndex(started.clash.id);
    await rewriteIndex(started.clash.id);
    expect(await ratingsOf(ids)).toEqual(after);
    expect(await ratingRows(started.clash.id)).toHaveLength(3);

    // The history of the winner.
    const history = await json<{ _embedded: { ratings: unknown[] } }>(
      await call(`/players/${ids[2]}/ratings`),
    );
    expect(history._embedded.ratings).toEqual([
      {
        clash: { id: started.clash.id },
        preset: 'CLASSIC',
        place: 1,
        before: 1500,
        after: first,
        createdAt: expect.any(String),
        _links: { clash: { href: `/api/clashes/${started.clash.id}` } },
      },
    ]);
  });

  it('tied totals share a place: the tied players come out with the same rating', async () => {
    const started = await startedClash(3);
    const ids = started.players.map((p) => p.player.id);
    await finish(started, [15, 0, 15]);
    const [a, b, c] = await ratingsOf(ids);
    expect(a?.value).toBe(c?.value);
    expect(a?.value).toBeGreaterThan(b?.value ?? 0);
    expect((await ratingRows(started.clash.id)).map((r) => r.place).sort()).toEqual([1, 1, 3]);
  });

  it('a two-player clash is rated too; the ratings move on from where the players stand', async () => {
    const first = await startedClash(2);
    const [winner, loser] = first.players as [(typeof first.players)[0], (typeof first.players)[0]];
    await finish(first, [5, 0]);
    const [once, onceLoser] = await ratingsOf([winner.player.id, loser.player.id]);
    expect(once!.value).toBeGreaterThan(1500);
    expect(once!.value + onceLoser!.value).toBe(3000);

    // The same two again, the same result: the winner climbs further, by less than the first time.
    const created = await createClash(winner, [loser], 'Rematch');
    const rematch = await answer(loser, created.id, 'accept');
    await finish(
      { clash: rematch, players: [winner, loser], gameIds: rematch.players.map((p) => p.gameId as number) },
      [5, 0],
    );
    const [twice] = await ratingsOf([winner.player.id]);
    expect(twice).toMatchObject({ clashes: 2, provisional: true });
    expect(twice!.value).toBeGreaterThan(once!.value);
    expect(twice!.value - once!.value).toBeLessThan(once!.value - 1500);
  });

  it('is provisional below 5 rated clashes', async () => {
    const started = await startedClash(2);
    const [veteran, newcomer] = started.players.map((p) => p.player.id) as [number, number];
    await env.DB.prepare(
      "INSERT INTO player_ratings (player_id, preset, rated_clashes) VALUES (?, 'CLASSIC', 4)",
    )
      .bind(veteran)
      .run();
    expect((await playerResource(veteran)).rating).toMatchObject({ provisional: true, clashes: 4 });
    await finish(started, [0, 1]);
    expect((await playerResource(veteran)).rating).toMatchObject({ provisional: false, clashes: 5 });
    expect((await playerResource(newcomer)).rating).toMatchObject({ provisional: true, clashes: 1 });
  });

  it('a clash with the bot is not rated, for anyone in it', async () => {
    const bot = await theBot();
    const owner = await player();
    const created = await json<ClashResource>(await postClash(owner, [owner.player.id, bot.id], 'Practice'));
    expect(created.status).toBe('IN_PROGRESS');
    const gameIds = created.players.map((p) => p.gameId as number);
    await oneBoxLeft(created.id, gameIds, [0, 0]);
    await lastFill(owner, gameIds[0]!);
    await letTheBotPlay(created.id, owner.player.id);
    expect((await playerResource(owner.player.id)).rating).toEqual({
      value: 1500,
      provisional: true,
      clashes: 0,
    });
    const done = await json<ClashResource>(await getClash(null, created.id));
    expect(done.status).toBe('COMPLETED');
    expect(await ratingRows(created.id)).toEqual([]);
    expect(await ratingChangesOf(database(env.DB), created.id)).toEqual([]);
    expect((await playerResource(bot.id)).rating).toBeNull();
  });
});
