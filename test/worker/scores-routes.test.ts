import { describe, expect, it } from 'vitest';
import { call, expectError, json, registerGuest } from './helpers';
import { DAY_MS, scoreRow, startOfDay } from './scores-fixtures';

interface Score {
  id: number;
  value: number;
  player: { id: number; name: string; bot: boolean };
  createdAt: string;
  _links: Record<string, { href: string }>;
}

const values = (body: { _embedded: { scores: Score[] } }) => body._embedded.scores.map((s) => s.value);

describe('the scores (GET /api/scores/)', () => {
  it('is a HAL page of every score, newest first, each with its player and its own link', async () => {
    const { player } = await registerGuest();
    const { scoreId } = await scoreRow(player.id, 321);
    const body = await json(await call('/scores/'));
    expect(body.page).toMatchObject({ number: 0, size: 10 });
    expect(body.page.totalElements).toBeGreaterThanOrEqual(1);
    expect(body._embedded.scores[0]).toEqual({
      id: scoreId,
      player: { id: player.id, name: player.name, bot: false },
      value: 321,
      preset: 'CLASSIC',
      gameId: expect.any(Number),
      createdAt: expect.any(String),
      _links: { self: { href: `/api/scores/${scoreId}` } },
    });
    const times = body._embedded.scores.map((s: Score) => Date.parse(s.createdAt));
    expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
  });

  it('ranks by value, pages stably and filters one player', async () => {
    const { player } = await registerGuest();
    for (const value of [500, 700, 600, 700, 100]) await scoreRow(player.id, value);
    const mine = `playerId=${player.id}`;
    const best = await json(await call(`/scores/?${mine}&sort=value&order=DESC&size=2`));
    expect(best.page).toEqual({ size: 2, number: 0, totalElements: 5, totalPages: 3 });
    expect(values(best)).toEqual([700, 700]);
    // Equal values follow the id the same way, so the pages neither repeat nor skip a score.
    expect(best._embedded.scores[0].id).toBeGreaterThan(best._embedded.scores[1].id);
    const next = await json(await call(`/scores/?${mine}&sort=value&order=DESC&size=2&page=1`));
    expect(values(next)).toEqual([600, 500]);
    const last = await json(await call(`/scores/?${mine}&sort=value&order=DESC&size=2&page=2`));
    expect(values(last)).toEqual([100]);
    const worst = await json(await call(`/scores/?${mine}&sort=value&order=asc`));
    expect(values(worst)).toEqual([100, 500, 600, 700, 700]);
    expect(worst._embedded.scores.every((s: Score) => s.player.id === player.id)).toBe(true);
  });

  it('keeps the period’s scores only: today since 00:00 UTC, week the last 7 days', async () => {
    const { player } = await registerGuest();
    const now = Date.now();
    const today = startOfDay(now);
    await scoreRow(player.id, 11, now - 1000);
    await scoreRow(player.id, 22, today);
    await scoreRow(player.id, 33, today - 1);
    await scoreRow(player.id, 44, now - 7 * DAY_MS + 60_000);
    await scoreRow(player.id, 55, now - 7 * DAY_MS - 60_000);
    const of = async (period: string) =>
      values(await json(await call(`/scores/?playerId=${player.id}&period=${period}&sort=value&order=ASC`)));
    expect(await of('today')).toEqual(now - today >= 1000 ? [11, 22] : [22]);
    expect(await of('week')).toEqual(now - today >= 1000 ? [11, 22, 33, 44] : [22, 33, 44]);
    expect(await of('all')).toEqual(now - today >= 1000 ? [11, 22, 33, 44, 55] : [22, 33, 44, 55]);
    const count = await json(await call(`/scores/?playerId=${player.id}&period=week`));
    expect(count.page.totalElements).toBe(now - today >= 1000 ? 4 : 3);
  });

  it.each([
    ['sort=name'],
    ['sort=playerId'],
    ['order=up'],
    ['size=0'],
    ['size=101'],
    ['page=-1'],
    ['period=month'],
    ['playerId=abc'],
    ['playerId=0'],
  ])('refuses %s with 400 input-invalid', async (query) => {
    await expectError(await call(`/scores/?${query}`), 400, 'input-invalid');
  });

  it('answers a player with no scores with an empty page', async () => {
    const { player } = await registerGuest();
    const body = await json(await call(`/scores/?playerId=${player.id}&size=100`));
    expect(body).toEqual({
      _embedded: { scores: [] },
      page: { size: 100, number: 0, totalElements: 0, totalPages: 0 },
    });
  });
});

describe('one score (GET /api/scores/{id})', () => {
  it('shows the score with its game’s summary and the ways to the game and the player', async () => {
    const { player } = await registerGuest();
    const { scoreId, gameId } = await scoreRow(player.id, 456);
    const score = await json(await call(`/scores/${scoreId}`));
    expect(score).toEqual({
      id: scoreId,
      player: { id: player.id, name: player.name, bot: false },
      value: 456,
      preset: 'CLASSIC',
      gameId,
      createdAt: expect.any(String),
      game: {
        id: gameId,
        type: 'SOLO',
        status: 'ARCHIVED',
        player: { id: player.id, name: player.name },
        totalSum: 456,
        progress: 100,
        // A row without rules (as every game before rule sets) is CLASSIC.
        rules: {
          preset: 'CLASSIC',
          dice: 5,
          columns: ['DOWNWARDS', 'UPWARDS', 'FREE', 'ANNOUNCEMENT'],
          straight: 'CLASSIC',
        },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        _links: { self: { href: `/api/games/${gameId}` } },
      },
      _links: {
        self: { href: `/api/scores/${scoreId}` },
        game: { href: `/api/games/${gameId}` },
        player: { href: `/api/players/${player.id}` },
      },
    });
    // The list's self link is the way here.
    const list = await json(await call(`/scores/?playerId=${player.id}`));
    expect((await call(list._embedded.scores[0]._links.self.href)).status).toBe(200);
  });

  it('is a 404 for a score that does not exist', async () => {
    await expectError(await call('/scores/999999'), 404, 'score-not-found');
    await expectError(await call('/scores/nope'), 404, 'score-not-found');
  });
});
