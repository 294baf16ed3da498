import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../contract/page';
import type { OverallStats, PlayerStats } from '../../contract/players';
import type { RatingChange } from '../../contract/ratings';
import type { ScoreStats, ScoreSummary } from '../../contract/scores';
import type { PresetName } from '../../game/rules';
import { answer, type Clash, players } from './clashes-helpers';
import { call, expectError, json, registerPlayer, type Session } from './helpers';
import { finish, playerResource, ratingTab } from './ratings-helpers';
import { DAY_MS } from './scores-fixtures';

// Issue 27: a rating per preset. A clash rates its players in its own preset only, a custom rule set is
// never rated nor ranked, and the rankings' tabs and a player's figures are per preset.

const CUSTOM = { dice: 5, columns: ['DOWNWARDS', 'FREE', 'HAND'], straight: 'CLASSIC' };

/** A clash of `count` new players made with `rules`, every invitation accepted, played to its end (the last player wins). */
async function playedClash(rules: unknown, count = 2) {
  const sessions = await players(count);
  const [owner, ...invited] = sessions as [Session, ...Session[]];
  const response = await call('/clashes/', {
    method: 'POST',
    jar: owner.jar,
    body: {
      ownerId: owner.player.id,
      playerIds: sessions.map((s) => s.player.id),
      type: 'LIVE',
      name: 'House rules',
      rules,
    },
  });
  const created = await json<Clash>(response);
  expect(response.status, JSON.stringify(created)).toBe(201);
  let clash = created;
  for (const p of invited) clash = await answer(p, created.id, 'accept');
  expect(clash.status).toBe('IN_PROGRESS');
  const gameIds = clash.players.map((p) => p.gameId as number);
  const done = await finish(
    { clash, players: sessions, gameIds },
    sessions.map((_, i) => i * 10),
  );
  return { clash: done, ids: sessions.map((s) => s.player.id), gameIds };
}

const changesOf = async (clashId: number) =>
  (
    await env.DB.prepare(
      'SELECT player_id AS playerId, preset FROM rating_changes WHERE clash_id = ? ORDER BY player_id',
    )
      .bind(clashId)
      .all<{ playerId: number; preset: string }>()
  ).results;

/** A completed game of `playerId` in `preset` (null: a custom rule set) with its score, written at `at`. */
async function presetScore(playerId: number, value: number, preset: PresetName | null, at = Date.now()) {
  const game = await env.DB.prepare(
    "INSERT INTO games (player_id, status, total_sum, progress, preset, created_at, updated_at) VALUES (?, 'ARCHIVED', ?, 100, ?, ?, ?) RETURNING id",
  )
    .bind(playerId, value, preset, at - 60_000, at)
    .first<{ id: number }>();
  await env.DB.prepare(
    'INSERT INTO scores (player_id, game_id, value, preset, created_at) VALUES (?, ?, ?, ?, ?)',
  )
    .bind(playerId, game?.id, value, preset, at)
    .run();
}

const scoresPage = async (query: string) =>
  json<Page<'scores', ScoreSummary>>(await call(`/scores/?size=100&sort=value&order=DESC${query}`));

describe('ratings per preset', () => {
  it("a HAND clash rates its players in HAND only: their CLASSIC rating, tab and history don't move", async () => {
    const { clash, ids } = await playedClash('HAND');
    expect(clash.rules.preset).toBe('HAND');
    const [loser, winner] = await Promise.all(ids.map(playerResource));
    expect(winner?.ratings?.HAND).toMatchObject({ clashes: 1, provisional: true });
    expect(winner?.ratings?.HAND.value).toBeGreaterThan(1500);
    expect(loser?.ratings?.HAND.value).toBeLessThan(1500);
    for (const player of [loser, winner]) {
      // `rating` is the CLASSIC one, as before presets.
      expect(player?.rating).toEqual({ value: 1500, provisional: true, clashes: 0 });
      expect(player?.ratings?.CLASSIC).toEqual(player?.rating);
      expect(player?.ratings?.BALKAN.clashes).toBe(0);
    }
    expect(await changesOf(clash.id)).toEqual(
      [...ids].sort((a, b) => a - b).map((playerId) => ({ playerId, preset: 'HAND' })),
    );

    const handTab = await ratingTab('?preset=HAND&size=100');
    const listed = handTab._embedded.ratings.filter((r) => ids.includes(r.player.id));
    expect(listed.map((r) => r.player.id)).toEqual([ids[1], ids[0]]);
    expect(listed[0]).toMatchObject({ preset: 'HAND', clashes: 1 });
    for (const query of ['', '?preset=CLASSIC&size=100', '?preset=LONG&size=100']) {
      const tab = await ratingTab(query);
      expect(tab._embedded.ratings.some((r) => ids.includes(r.player.id))).toBe(false);
    }

    const history = async (query: string) =>
      json<Page<'ratings', RatingChange>>(await call(`/players/${ids[1]}/ratings${query}`));
    expect((await history('?preset=HAND'))._embedded.ratings).toMatchObject([
      { clash: { id: clash.id }, preset: 'HAND', before: 1500, place: 1 },
    ]);
    expect((await history('')).page.totalElements).toBe(0);
    await expectError(await call('/ratings/?preset=CUSTOM'), 400, 'input-invalid');
    await expectError(await call(`/players/${ids[1]}/ratings?preset=classic`), 400, 'input-invalid');
  });

  it('a clash of a custom rule set rates nobody, and its scores are ranked in no preset', async () => {
    const { clash, ids, gameIds } = await playedClash(CUSTOM);
    expect(clash.rules.preset).toBeNull();
    expect(await changesOf(clash.id)).toEqual([]);
    for (const player of await Promise.all(ids.map(playerResource))) {
      for (const rating of Object.values(player.ratings ?? {})) expect(rating.clashes).toBe(0);
    }
    // Its scores are written (the players' own lists show them, marked custom) but in no ranking.
    const rows = await env.DB.prepare(
      `SELECT game_id AS gameId, preset FROM scores WHERE game_id IN (${gameIds.join(',')}) ORDER BY game_id`,
    ).all<{ gameId: number; preset: string | null }>();
    expect(rows.results).toEqual(gameIds.map((gameId) => ({ gameId, preset: null })));
    for (const preset of ['', '&preset=CLASSIC', '&preset=HAND', '&preset=BALKAN', '&preset=LONG']) {
      const page = await scoresPage(`&playerId=${ids[1]}${preset}`);
      expect(page.page.totalElements).toBe(0);
    }
    const every = await scoresPage(`&playerId=${ids[1]}&preset=all`);
    expect(every._embedded.scores.map((s) => [s.gameId, s.preset])).toEqual([[gameIds[1], null]]);
    const own = await json<Page<'scores', ScoreSummary>>(await call(`/players/${ids[1]}/scores`));
    expect(own._embedded.scores.map((s) => s.preset)).toEqual([null]);
  });

  it('the rankings, their figures and the periods are of one preset (CLASSIC unless asked)', async () => {
    const [ana, ben] = [await registerPlayer(), await registerPlayer()];
    const now = Date.now();
    await presetScore(ana.player.id, 300, 'CLASSIC', now - 2 * DAY_MS);
    await presetScore(ana.player.id, 250, 'CLASSIC');
    await presetScore(ana.player.id, 1400, 'LONG');
    await presetScore(ben.player.id, 900, 'BALKAN', now - 3 * DAY_MS);
    await presetScore(ben.player.id, 5000, null);
    const mine = [ana.player.id, ben.player.id];
    const values = async (query: string) =>
      (await scoresPage(query))._embedded.scores
        .filter((s) => mine.includes(s.player.id))
        .map((s) => [s.player.id, s.value, s.preset]);

    expect(await values('')).toEqual([
      [ana.player.id, 300, 'CLASSIC'],
      [ana.player.id, 250, 'CLASSIC'],
    ]);
    expect(await values('&preset=LONG')).toEqual([[ana.player.id, 1400, 'LONG']]);
    expect(await values('&preset=BALKAN')).toEqual([[ben.player.id, 900, 'BALKAN']]);
    expect(await values('&preset=BALKAN&period=week')).toEqual([[ben.player.id, 900, 'BALKAN']]);
    expect(await values('&preset=CLASSIC&period=today')).toEqual([[ana.player.id, 250, 'CLASSIC']]);
    expect(await values('&preset=HAND')).toEqual([]);
    await expectError(await call('/scores/?preset=custom'), 400, 'input-invalid');

    const stats = async (query: string) =>
      json<ScoreStats>(await call(`/scores/stats?playerId=${ana.player.id}${query}`));
    expect(await stats('')).toMatchObject({
      preset: 'CLASSIC',
      totalGames: 2,
      highScore: 300,
      averageScore: 275,
    });
    expect(await stats('&preset=LONG')).toMatchObject({ preset: 'LONG', totalGames: 1, highScore: 1400 });
    expect(await stats('&preset=all')).toMatchObject({ preset: 'all', totalGames: 3, highScore: 1400 });

    // The overview's record holders are of one preset too: Ben's custom 5000 holds no record.
    const leaders = async (query: string) => json<OverallStats>(await call(`/players/stats${query}`));
    expect((await leaders('')).highestScore).toEqual({
      id: ana.player.id,
      name: ana.player.name,
      value: 300,
    });
    expect((await leaders('?preset=LONG')).highestScore).toMatchObject({ id: ana.player.id, value: 1400 });
    expect((await leaders('?preset=BALKAN')).highestAverage).toMatchObject({
      id: ben.player.id,
      average: 900,
    });
    await expectError(await call('/players/stats?preset=all'), 400, 'input-invalid');

    // A period's ranking of a preset is read from the preset's index, not the whole table.
    const plan = await env.DB.prepare(
      `EXPLAIN QUERY PLAN SELECT id FROM scores WHERE preset = 'BALKAN' AND created_at >= 0 ORDER BY +value DESC, id DESC LIMIT 10`,
    ).all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join(' ')).toContain('scores_preset_created_at_value_idx');
  });

  it("a player's figures: best and average per preset, custom games apart and last", async () => {
    const cleo = await registerPlayer();
    const id = cleo.player.id;
    await presetScore(id, 5000, null);
    await presetScore(id, 1201, 'LONG');
    await presetScore(id, 1300, 'LONG');
    await presetScore(id, 300, 'CLASSIC');
    await presetScore(id, 251, 'CLASSIC');
    await presetScore(id, 250, 'CLASSIC');
    const stats = await json<PlayerStats>(await call(`/players/${id}/stats`));
    expect(stats.presets).toEqual([
      { preset: 'CLASSIC', scoreCount: 3, highScore: 300, averageScore: 267 },
      { preset: 'LONG', scoreCount: 2, highScore: 1300, averageScore: 1250.5 },
      { preset: null, scoreCount: 1, highScore: 5000, averageScore: 5000 },
    ]);
    // The figures of all games stay as they were.
    expect(stats).toMatchObject({ scoreCount: 6, highScore: 5000 });
    const fresh = await registerPlayer();
    expect((await json<PlayerStats>(await call(`/players/${fresh.player.id}/stats`))).presets).toEqual([]);
  });
});
