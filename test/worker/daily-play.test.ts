import { env, runInDurableObject } from 'cloudflare:test';
import type { GameRoom } from '../../durable-objects/GameRoom';
import { describe, expect, it } from 'vitest';
import { dayOf } from '../../contract/daily';
import { boxCount, CLASSIC_RULES } from '../../game';
import { dailyFace, dailyKey } from '../../worker/lib/dailyDice';
import {
  firstAnnounceable,
  firstFillable,
  type Game,
  indexRow,
  play,
  roomOf,
  scoresOf,
  watch,
} from './games-helpers';
import { call, expectError, json, type Session } from './helpers';
import {
  daily,
  dailyPlayer,
  dailyScores,
  diceOf,
  rankable,
  secretOf,
  startDaily,
  startedDaily,
  today,
} from './daily-helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Plays `turns` turns, the same way whatever the dice: roll all, roll dice 0, 2 and 4 again when the rules
 * allow a second roll, announce if nothing else is open, fill the first fillable box. Returns every game
 * the moves answered, so two players' dice can be compared roll by roll.
 */
async function playTurns(me: Session, start: Game, turns: number): Promise<Game[]> {
  const seen: Game[] = [];
  let game = start;
  for (let turn = 0; turn < turns; turn++) {
    game = await play(me, game.id, 'roll');
    seen.push(game);
    if (!firstFillable(game))
      game = await play(me, game.id, 'announce', { boxType: firstAnnounceable(game) });
    else if (game._links.roll) {
      game = await play(me, game.id, 'roll', { diceToRoll: [0, 2, 4] });
      seen.push(game);
    }
    game = await play(me, game.id, 'fill', firstFillable(game));
    seen.push(game);
  }
  return seen;
}

describe('the daily dice', () => {
  it('are the same for two players who make the same choices, and are the HMAC of the day', async () => {
    const [one, two] = await Promise.all([dailyPlayer(), dailyPlayer()]);
    const [a, b] = await Promise.all([startedDaily(one), startedDaily(two)]);
    const [seenA, seenB] = await Promise.all([playTurns(one, a, 8), playTurns(two, b, 8)]);
    expect(seenA.map(diceOf)).toEqual(seenB.map(diceOf));
    expect(seenA.map((g) => g.sheet)).toEqual(seenB.map((g) => g.sheet));

    // The first roll of the first turn shows the day's faces of turn 0, roll 0.
    const key = await dailyKey(await secretOf(today()));
    const expected = await Promise.all([0, 1, 2, 3, 4].map((die) => dailyFace(key, 0, 0, die)));
    expect(diceOf(seenA[0])).toEqual(expected);
  });
});

describe('a completed daily game', () => {
  it('is ranked once in its day, not in the scores, and counts in the streak', async () => {
    const me = await dailyPlayer();
    const other = await dailyPlayer();
    await rankable(me);
    const game = await startedDaily(me);
    const seen = await playTurns(me, game, boxCount(CLASSIC_RULES));
    const done = seen[seen.length - 1];
    expect(done.status).toBe('COMPLETED');
    expect(Object.keys(done._links)).toEqual(['self']);

    // The completion was written before the last fill answered.
    expect(await indexRow(game.id)).toMatchObject({
      type: 'DAILY',
      status: 'COMPLETED',
      totalSum: done.totalSum,
    });
    expect(await scoresOf(game.id)).toEqual([]);
    // A retried index write (the room's alarm after a lost answer) writes the game's row again but
    // records the result no second time: the result stays as first recorded.
    await env.DB.prepare('UPDATE games SET total_sum = -1 WHERE id = ?').bind(game.id).run();
    await env.DB.prepare('UPDATE daily_games SET completed_at = 1 WHERE game_id = ?').bind(game.id).run();
    await runInDurableObject(roomOf(game.id), async (room: GameRoom, state) => {
      state.storage.kv.put('indexed-version', 0);
      await room.onAlarm();
    });
    expect(await indexRow(game.id)).toMatchObject({ totalSum: done.totalSum });
    const rows = await env.DB.prepare(
      'SELECT total, completed_at AS completedAt FROM daily_games WHERE game_id = ?',
    )
      .bind(game.id)
      .all();
    expect(rows.results).toEqual([{ total: done.totalSum, completedAt: 1 }]);
    await env.DB.prepare('UPDATE daily_games SET completed_at = ? WHERE game_id = ?')
      .bind(Date.now(), game.id)
      .run();

    const ranking = await dailyScores(other, '?size=100');
    expect(ranking).toMatchObject({ day: today(), final: false });
    const mine = ranking._embedded.scores.filter((s) => s.player.id === me.player.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ total: done.totalSum, player: { name: me.player.name } });
    // Today's games stay closed to the others in the ranking too; their player gets the link.
    expect(mine[0]._links.game).toBeUndefined();
    const own = (await dailyScores(me, '?size=100'))._embedded.scores.find(
      (s) => s.player.id === me.player.id,
    );
    expect(own?._links.game?.href).toBe(`/api/games/${game.id}`);

    expect(await daily(me)).toMatchObject({ played: true, completed: true, streak: 1 });
    expect(await daily(other)).toMatchObject({ played: false, streak: 0 });
  }, 60_000);

  it('makes a streak of consecutive days, ending today or yesterday', async () => {
    const me = await dailyPlayer();
    const day = (back: number) => dayOf(Date.now() - back * DAY_MS);
    // Completed games of yesterday, the day before and four days ago (a gap breaks the streak).
    for (const back of [1, 2, 4]) {
      const at = Date.now() - back * DAY_MS;
      const inserted = await env.DB.prepare(
        "INSERT INTO games (player_id, type, status, created_at, updated_at) VALUES (?, 'DAILY', 'COMPLETED', ?, ?) RETURNING id",
      )
        .bind(me.player.id, at, at)
        .first<{ id: number }>();
      await env.DB.prepare(
        'INSERT INTO daily_games (player_id, day, game_id, total, completed_at) VALUES (?, ?, ?, 500, ?)',
      )
        .bind(me.player.id, day(back), inserted?.id, at)
        .run();
    }
    expect(await daily(me)).toMatchObject({ played: false, streak: 2 });
    // Today's game counts once completed, not when started.
    await startedDaily(me);
    expect(await daily(me)).toMatchObject({ played: true, completed: false, streak: 2 });
    await env.DB.prepare('UPDATE daily_games SET total = 1, completed_at = ? WHERE player_id = ? AND day = ?')
      .bind(Date.now(), me.player.id, today())
      .run();
    expect((await daily(me)).streak).toBe(3);
  });
});

describe("the day's ranking", () => {
  it('refuses a day to come and a day that is no date', async () => {
    const tomorrow = dayOf(Date.now() + DAY_MS);
    await expectError(await call(`/daily/scores?day=${tomorrow}`), 400, 'day-in-future');
    for (const bad of ['2026-02-30', '20260101', 'today'])
      await expectError(await call(`/daily/scores?day=${bad}`), 400, 'day-invalid');
    await expectError(await call('/daily/scores?size=1000'), 400, 'input-invalid');
  });

  it('links every game of a day that is over, which anyone may then open', async () => {
    const me = await dailyPlayer();
    // Ranked on that day: the account was old enough then.
    await rankable(me, { ageDays: 3650 });
    const past = '2024-02-29';
    const at = Date.parse(`${past}T12:00:00Z`);
    const row = await env.DB.prepare(
      "INSERT INTO games (player_id, type, created_at, updated_at) VALUES (?, 'DAILY', ?, ?) RETURNING id",
    )
      .bind(me.player.id, at, at)
      .first<{ id: number }>();
    const id = row?.id as number;
    await env.DB.prepare(
      'INSERT INTO daily_games (player_id, day, game_id, total, completed_at) VALUES (?, ?, ?, 321, ?)',
    )
      .bind(me.player.id, past, id, at)
      .run();
    await roomOf(id).create({
      id,
      playerId: me.player.id,
      playerName: me.player.name,
      createdAt: at,
      access: { tokensValidAfter: 0, banned: false },
      daily: { day: past, secret: 'ab'.repeat(32) },
    });
    const ranking = await dailyScores(null, `?day=${past}`);
    expect(ranking).toMatchObject({ day: past, final: true, page: { totalElements: 1 } });
    expect(ranking._embedded.scores[0]).toMatchObject({
      total: 321,
      _links: { game: { href: `/api/games/${id}` } },
    });
    const seen = await call(`/games/${id}`);
    expect(seen.status).toBe(200);
    expect((await json<Game>(seen))._links).toEqual({
      self: { href: `/api/games/${id}` },
      replay: { href: `/api/games/${id}/replay` },
    });
    const watcher = await watch(id);
    expect((await watcher.next()).game?.id).toBe(id);
    watcher.close();
  });
});

describe("the day's secret", () => {
  it('is in no answer: not the start, the moves, the games, the socket, today or the ranking', async () => {
    const me = await dailyPlayer();
    const bodies: string[] = [];
    const keep = async (response: Response) => {
      bodies.push(await response.clone().text());
      return response;
    };
    const started = await keep(await startDaily(me));
    const game = await json<Game>(started);
    const watcher = await watch(game.id, me);
    for (const path of ['roll', 'fill'])
      await keep(
        await call(`/games/${game.id}/${path}`, {
          method: 'PUT',
          jar: me.jar,
          body: path === 'fill' ? { columnType: 'FREE', boxType: 'YAMB' } : {},
        }),
      );
    for (let i = 0; i < 3; i++) bodies.push(JSON.stringify(await watcher.next()));
    watcher.close();
    for (const path of [
      `/games/${game.id}`,
      '/daily',
      '/daily/scores',
      '/games/',
      `/players/${me.player.id}/games`,
    ])
      await keep(await call(path, { jar: me.jar }));
    await keep(await startDaily(me));
    await keep(await call(`/games/${game.id}/undo`, { method: 'PUT', jar: me.jar }));

    const secret = await secretOf(today());
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const base64 = btoa(String.fromCharCode(...(secret.match(/../g) ?? []).map((h) => parseInt(h, 16))));
    expect(bodies.length).toBeGreaterThan(10);
    for (const body of bodies) {
      expect(body.toLowerCase()).not.toContain(secret);
      expect(body).not.toContain(base64);
      expect(body).not.toContain(base64.replace(/=+$/, ''));
    }
  });
});
