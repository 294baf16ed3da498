import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { SWEEP_LIMIT, UNTOUCHED_GAME_MS } from '../../worker/sweep';
import { flushIndex, guestWithGame, indexRow, play, roomOf } from './games-helpers';
import { call } from './helpers';

// The scheduled sweep (worker/sweep.ts, wrangler.toml [triggers]): every visit to the play screen makes a
// game, so the ones nobody moved in are deleted after a day, rows and rooms; a game anybody played is
// never touched, whatever its age. Expired rate-limit counters and log rows past 30 days go too, a bounded
// number per run, and each run says what it deleted in a log row.

const DAY = 24 * 60 * 60 * 1000;

/** Runs the Cron Trigger's handler as the runtime would, and waits for its work. */
async function runSweep() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: '*/15 * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** Moves a game's row back in time: created `age` ms ago and, when `moved` is false, never changed since. */
async function age(gameId: number, ageMs: number, moved = false) {
  const createdAt = Date.now() - ageMs;
  await env.DB.prepare('UPDATE games SET created_at = ?1, updated_at = ?2 WHERE id = ?3')
    .bind(createdAt, moved ? createdAt + 60_000 : createdAt, gameId)
    .run();
}

/** Whether the game's room still holds it. */
async function roomHolds(gameId: number): Promise<boolean> {
  return (await roomOf(gameId).get(null)).ok;
}

async function latestSweepLog() {
  const row = await env.DB.prepare(
    "SELECT data FROM logs WHERE message = 'sweep' ORDER BY id DESC LIMIT 1",
  ).first<{ data: string }>();
  return row ? JSON.parse(row.data) : null;
}

describe('the sweep of games nobody moved in', () => {
  it('deletes a solo game left unplayed for over a day: its row and its room', async () => {
    const { game } = await guestWithGame();
    await age(game.id, DAY + 60_000);
    await runSweep();
    expect(await indexRow(game.id)).toBeNull();
    expect(await roomHolds(game.id)).toBe(false);
    expect((await call(`/games/${game.id}`)).status).toBe(404);
    expect((await latestSweepLog())?.untouchedGames).toBeGreaterThanOrEqual(1);
  });

  it('keeps an unplayed game younger than a day', async () => {
    const { game } = await guestWithGame();
    await age(game.id, UNTOUCHED_GAME_MS - 60 * 60_000);
    await runSweep();
    expect(await indexRow(game.id)).not.toBeNull();
    expect(await roomHolds(game.id)).toBe(true);
  });

  it('keeps a game its player moved in, however long ago', async () => {
    const session = await guestWithGame();
    await play(session, session.game.id, 'roll');
    await flushIndex(session.game.id);
    await age(session.game.id, 40 * DAY, true);
    await runSweep();
    expect(await indexRow(session.game.id)).toMatchObject({ status: 'IN_PROGRESS' });
    expect(await roomHolds(session.game.id)).toBe(true);
  });

  it('keeps a played game whose index row has not heard of the move yet', async () => {
    const session = await guestWithGame();
    // The roll's index write waits in the room's alarm: the row still says nobody moved.
    await play(session, session.game.id, 'roll');
    await age(session.game.id, 2 * DAY);
    await runSweep();
    expect(await indexRow(session.game.id)).not.toBeNull();
    expect(await roomHolds(session.game.id)).toBe(true);
    expect((await latestSweepLog())?.gamesKept).toBeGreaterThanOrEqual(1);
    // The player carries on where they were.
    const rolled = await play(session, session.game.id, 'roll');
    expect(rolled.rollCount).toBe(2);
  });

  it('keeps completed and archived games, with their scores', async () => {
    const { game } = await guestWithGame();
    await age(game.id, 3 * DAY);
    await env.DB.prepare("UPDATE games SET status = 'COMPLETED' WHERE id = ?").bind(game.id).run();
    await runSweep();
    expect(await indexRow(game.id)).toMatchObject({ status: 'COMPLETED' });
    expect(await roomHolds(game.id)).toBe(true);
  });
});

describe('the sweep of expired rows', () => {
  it('deletes expired rate-limit counters, at most SWEEP_LIMIT a run, and keeps live ones', async () => {
    const now = Date.now();
    const insert = env.DB.prepare(
      'INSERT INTO rate_limits (key, window_start, count, previous_count, expires_at) VALUES (?1, ?2, 1, 0, ?3)',
    );
    await env.DB.batch(
      Array.from({ length: SWEEP_LIMIT + 3 }, (_, i) =>
        insert.bind(`sweep-expired-${i}`, now - DAY, now - 1000),
      ),
    );
    await insert.bind('sweep-live', now, now + DAY).run();
    const expired = () =>
      env.DB.prepare("SELECT COUNT(*) AS n FROM rate_limits WHERE key LIKE 'sweep-expired-%'").first<{
        n: number;
      }>();

    await runSweep();
    expect((await expired())?.n).toBe(3);
    expect((await latestSweepLog())?.rateLimits).toBe(SWEEP_LIMIT);
    await runSweep();
    expect((await expired())?.n).toBe(0);
    expect(
      await env.DB.prepare("SELECT key FROM rate_limits WHERE key = 'sweep-live'").first(),
    ).not.toBeNull();
  });

  it('deletes log rows past 30 days and keeps younger ones', async () => {
    const now = Date.now();
    const insert = env.DB.prepare(
      "INSERT INTO logs (level, message, data, created_at) VALUES ('INFO', ?1, '{}', ?2)",
    );
    await env.DB.batch([
      insert.bind('sweep-old', now - 31 * DAY),
      insert.bind('sweep-young', now - 29 * DAY),
    ]);
    await runSweep();
    const left = await env.DB.prepare("SELECT message FROM logs WHERE message LIKE 'sweep-%'").all<{
      message: string;
    }>();
    expect(left.results.map((row) => row.message)).toEqual(['sweep-young']);
    // Each run says what it did, kind by kind, in a row of its own.
    expect(await latestSweepLog()).toMatchObject({ limit: SWEEP_LIMIT, challengeLinks: 0 });
    expect((await latestSweepLog())?.logs).toBeGreaterThanOrEqual(1);
  });
});
