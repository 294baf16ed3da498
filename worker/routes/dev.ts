import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { SessionVariables } from '../auth/session';
import { setD1Outage } from '../db/outage';
import { outbox } from '../db/schema';
import type { Env } from '../env';
import { AppError, notFound } from '../lib/errors';
import { pathId, readJson } from '../lib/validate';
import { clashRoom, gameRoom, onlineList } from '../rooms';

/** How many completed games a seeding call adds, and over how many days before now they are spread. */
const SeedBody = v.object({
  count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50_000)),
  days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3650)), 60),
});

const OutageBody = v.object({ d1: v.boolean() });

const DayBody = v.object({ day: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/)) });

const ClockBody = v.object({ seconds: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(120)) });

/** The players the seeded games belong to (`seed1` … `seed500`), made once. */
const SEED_PLAYERS = 500;

/**
 * `count` completed games of the seed players, each with its score (200-1199 points, at a random moment
 * of the last `days` days): the rankings benchmark's 100,000 rows. Generated inside SQLite by a recursive
 * series, a few statements in one batch, instead of 100,000 statements sent from the Worker.
 */
async function seedScores(db: D1Database, count: number, days: number) {
  const now = Date.now();
  const after =
    (await db.prepare('SELECT max(id) AS last FROM games').first<{ last: number | null }>())?.last ?? 0;
  await db.batch([
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT OR IGNORE INTO players (external_id, name, guest) SELECT 'seed-' || i, 'seed' || i, 1 FROM n`,
      )
      .bind(SEED_PLAYERS),
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1),
           seeded AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM players WHERE external_id LIKE 'seed-%'),
           rows AS (SELECT i, ?2 - abs(random() % (?3 * 86400000)) AS at, 200 + abs(random() % 1000) AS total FROM n)
         INSERT INTO games (player_id, status, total_sum, progress, created_at, updated_at)
         SELECT seeded.id, 'ARCHIVED', total, 100, at - 600000, at FROM rows JOIN seeded ON seeded.k = 1 + rows.i % ?4`,
      )
      .bind(count, now, days, SEED_PLAYERS),
    db
      .prepare(
        'INSERT INTO scores (player_id, game_id, value, created_at) SELECT player_id, id, total_sum, updated_at FROM games WHERE id > ?1',
      )
      .bind(after),
  ]);
  const total = await db.prepare('SELECT count(*) AS n FROM scores').first<{ n: number }>();
  return total?.n ?? 0;
}

/** How many rated players a seeding call adds. */
const SeedRatingsBody = v.object({
  count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50_000)),
});

/**
 * `count` more registered players (`rated1`, `rated2`, …) with a rating from 1 to 60 rated clashes
 * (mu 10-40, sigma 2-8): the rating tab's benchmark rows, generated inside SQLite like the scores.
 * Answers how many rated players there are.
 */
async function seedRatings(db: D1Database, count: number) {
  const seeded =
    (
      await db
        .prepare("SELECT count(*) AS n FROM players WHERE external_id LIKE 'rated-%'")
        .first<{ n: number }>()
    )?.n ?? 0;
  await db.batch([
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT ?1 + 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 + ?2)
         INSERT OR IGNORE INTO players (external_id, name, guest)
         SELECT 'rated-' || CAST(i AS INTEGER), 'rated' || CAST(i AS INTEGER), 0 FROM n`,
      )
      .bind(seeded, count),
    // Their CLASSIC ratings (the rating tab's default preset).
    db.prepare(
      `INSERT OR IGNORE INTO player_ratings (player_id, preset, mu, sigma, rated_clashes)
       SELECT id, 'CLASSIC', 10 + abs(random() % 30000) / 1000.0, 2 + abs(random() % 6000) / 1000.0,
              1 + abs(random() % 60) FROM players WHERE external_id LIKE 'rated-%'`,
    ),
  ]);
  const total = await db
    .prepare("SELECT count(*) AS n FROM player_ratings WHERE preset = 'CLASSIC' AND rated_clashes > 0")
    .first<{ n: number }>();
  return total?.n ?? 0;
}

/**
 * Development-only helpers: the local outbox, so a person can click the link a mail would carry, a D1
 * outage switch, an echo through a game room, the benchmark's baseline for a Worker-to-room round trip,
 * and the seeding of scores and ratings for the rankings benchmark.
 */
export const dev = new Hono<{ Bindings: Env; Variables: SessionVariables }>()
  .use(async (c, next) => {
    if (c.env.ENVIRONMENT !== 'development') throw notFound('route-not-found');
    await next();
  })
  .get('/outbox', async (c) => {
    const mails = await c.var.db.select().from(outbox).orderBy(desc(outbox.id)).limit(100);
    return c.json({
      _embedded: {
        mails: mails.map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() })),
      },
    });
  })
  // D1 unreachable on purpose (db/outage.ts), to see and test how the app holds: `{d1: true}` takes it
  // down for every request and room of this isolate, `{d1: false}` brings it back.
  .post('/outage', async (c) => {
    const { d1 } = await readJson(c, OutageBody);
    setD1Outage(d1);
    return c.json({ d1 });
  })
  .get('/echo/:id', async (c) => c.json({ echo: await gameRoom(c.env, pathId(c)).echo() }))
  // bench/load.mjs: how many calls the Presence shards have made to the online list, to count them per join.
  .get('/online-reports', async (c) => c.json({ reports: await onlineList(c.env).reports() }))
  // The browser tests' short clock: the turn on in a timed clash runs out in `seconds`.
  .put('/clashes/:id/clock', async (c) => {
    const { seconds } = await readJson(c, ClockBody);
    const result = await clashRoom(c.env, pathId(c)).shortenTurn(seconds);
    if (!result.ok) throw new AppError(result.status, result.key);
    return c.json(result.clash);
  })
  // The browser tests' day over: a daily game's day (in its room's record) becomes `day`, so that a test
  // can see its replay, shown only once the day is over.
  .put('/games/:id/daily-day', async (c) => {
    const { day } = await readJson(c, DayBody);
    const result = await gameRoom(c.env, pathId(c)).moveDailyDay(day);
    if (!result.ok) throw new AppError(result.status, result.key);
    return c.json(result.game);
  })
  // bench/replay-log.mjs: what a game's room stores (SQLite's size, the record's and the move log's bytes).
  .get('/games/:id/stored-bytes', async (c) => c.json(await gameRoom(c.env, pathId(c)).storedBytes()))
  .get('/clashes/:id/stored-bytes', async (c) => c.json(await clashRoom(c.env, pathId(c)).storedBytes()))
  .post('/seed/scores', async (c) => {
    const { count, days } = await readJson(c, SeedBody);
    return c.json({ scores: await seedScores(c.env.DB, count, days) });
  })
  .post('/seed/ratings', async (c) => {
    const { count } = await readJson(c, SeedRatingsBody);
    return c.json({ ratings: await seedRatings(c.env.DB, count) });
  });
