import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { dayOf } from '../../contract/days';
import type { GamePuzzles, PlayerPuzzles } from '../../contract/puzzles';
import { puzzleFromSeed } from '../../game/puzzles';
import { call, expectError, json, registerGuest, registerPlayer, type Session } from './helpers';

// Puzzles (issue 30): the positions from reviewed games, and a player's own results, unranked.

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => dayOf(Date.now() - n * DAY_MS);

const answer = (session: Session, day: string, solved: unknown, language?: string) =>
  call(`/puzzles/daily/${day}`, { method: 'PUT', jar: session.jar, body: { solved }, language });
const run = (session: Session, body: unknown) =>
  call('/puzzle-runs/', { method: 'POST', jar: session.jar, body });

async function results(session: Session): Promise<PlayerPuzzles> {
  const response = await call('/players/me/puzzles', { jar: session.jar });
  const body = await json<PlayerPuzzles>(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

/** A daily answer of an earlier day, as if given then (the API takes only today's and yesterday's). */
async function answeredOn(session: Session, day: string, solved: boolean) {
  await env.DB.prepare('INSERT INTO puzzle_days (player_id, day, solved) VALUES (?, ?, ?)')
    .bind(session.player.id, day, solved ? 1 : 0)
    .run();
}

describe('the daily puzzle', () => {
  it('takes one answer a day: the first counts, a second is 409, in both languages', async () => {
    const me = await registerPlayer();
    const first = await answer(me, dayOf(Date.now()), true);
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ day: dayOf(Date.now()), solved: true });
    await expectError(await answer(me, dayOf(Date.now()), false), 409, 'puzzle-day-answered');
    const hr = await expectError(
      await answer(me, dayOf(Date.now()), false, 'hr'),
      409,
      'puzzle-day-answered',
    );
    expect(hr.message).toMatch(/već ste odgovorili/);
    expect((await results(me)).days).toEqual([{ day: dayOf(Date.now()), solved: true }]);
  });

  it('refuses a day that is not a date, and a day other than today or yesterday', async () => {
    const me = await registerPlayer();
    await expectError(await answer(me, '2026-02-30', true), 400, 'day-invalid');
    await expectError(await answer(me, 'today', true), 400, 'day-invalid');
    await expectError(await answer(me, daysAgo(2), true), 409, 'puzzle-day-closed');
    await expectError(await answer(me, daysAgo(-1), true), 409, 'puzzle-day-closed');
    await expectError(await answer(me, daysAgo(1), 'yes'), 400, 'puzzle-solved-invalid');
    expect((await answer(me, daysAgo(1), false)).status).toBe(200);
  });

  it('counts the solved days in a row up to today, and the best such run; a miss ends one', async () => {
    const me = await registerPlayer();
    for (const n of [9, 8, 7, 6]) await answeredOn(me, daysAgo(n), true);
    await answeredOn(me, daysAgo(5), false);
    for (const n of [2, 1]) await answeredOn(me, daysAgo(n), true);
    let seen = await results(me);
    expect(seen).toMatchObject({ dailyStreak: 2, bestDailyStreak: 4, bestStreak: 0, bestStorm: 0 });
    await answer(me, dayOf(Date.now()), true);
    seen = await results(me);
    expect(seen.dailyStreak).toBe(3);
    expect(seen.days[0]).toEqual({ day: dayOf(Date.now()), solved: true });
    expect(seen.days.map((d) => d.day)).toEqual([0, 1, 2, 5, 6, 7, 8, 9].map(daysAgo));
  });

  it("a guest's results stay in the browser: the server keeps none", async () => {
    const guest = await registerGuest();
    await expectError(await answer(guest, dayOf(Date.now()), true), 403, 'puzzles-guest-not-allowed');
    await expectError(await run(guest, { mode: 'STORM', score: 3 }), 403, 'puzzles-guest-not-allowed');
    await expectError(
      await call('/players/me/puzzles', { jar: guest.jar }),
      403,
      'puzzles-guest-not-allowed',
    );
    await expectError(await call('/players/me/puzzles'), 401, 'unauthorized');
  });
});

describe('streak and storm runs', () => {
  it('keep each mode’s best score, for the player alone', async () => {
    const [me, other] = [await registerPlayer(), await registerPlayer()];
    for (const [mode, score] of [
      ['STREAK', 4],
      ['STREAK', 2],
      ['STORM', 11],
      ['STORM', 17],
    ] as const)
      expect((await run(me, { mode, score })).status).toBe(201);
    expect(await results(me)).toMatchObject({ bestStreak: 4, bestStorm: 17 });
    expect(await results(other)).toMatchObject({ bestStreak: 0, bestStorm: 0, days: [] });
  });

  it('refuses a mode or a score that no run makes', async () => {
    const me = await registerPlayer();
    await expectError(await run(me, { mode: 'RACE', score: 1 }), 400, 'puzzle-mode-invalid');
    await expectError(await run(me, { mode: 'STORM', score: 1.5 }), 400, 'puzzle-score-invalid');
    await expectError(await run(me, { mode: 'STORM', score: -1 }), 400, 'puzzle-score-invalid');
    await expectError(await run(me, { mode: 'STORM', score: 501 }), 400, 'puzzle-score-invalid');
    await expectError(await run(me, { mode: 'STREAK', score: '3' }), 400, 'puzzle-score-invalid');
  });
});

describe('puzzles from reviewed games', () => {
  it('answers the stored positions after an id, to anyone, skipping one that does not parse', async () => {
    const me = await registerPlayer();
    const game = await env.DB.prepare(
      "INSERT INTO games (player_id, type, status, total_sum, progress) VALUES (?, 'SOLO', 'COMPLETED', 600, 100) RETURNING id",
    )
      .bind(me.player.id)
      .first<{ id: number }>();
    const { position } = puzzleFromSeed('from-games');
    const insert = (decision: number, text: string) =>
      env.DB.prepare(
        'INSERT INTO puzzle_positions (game_id, decision, position) VALUES (?, ?, ?) RETURNING id',
      )
        .bind(game?.id, decision, text)
        .first<{ id: number }>();
    const before = await insert(1, JSON.stringify(position));
    await insert(2, '{not json');
    const last = await insert(3, JSON.stringify(position));
    const after = (before?.id ?? 0) - 1;
    const response = await call(`/puzzles/from-games?after=${after}`);
    expect(response.status).toBe(200);
    const { puzzles } = await json<GamePuzzles>(response);
    // Only this test's rows: another file's review may add positions meanwhile.
    const mine = puzzles.filter((p) => p.id <= (last?.id ?? 0));
    expect(mine.map((p) => p.id)).toEqual([before?.id, last?.id]);
    expect(mine[0].position).toEqual(position);
    expect((await json<GamePuzzles>(await call(`/puzzles/from-games?after=${last?.id}`))).puzzles).toEqual(
      [],
    );
    await expectError(await call('/puzzles/from-games?after=-1'), 400, 'puzzle-after-invalid');
  });
});
