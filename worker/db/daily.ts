import { and, desc, eq, exists, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import {
  DAILY_RANKED_ACCOUNT_DAYS,
  DAILY_RANKED_MIN_GAMES,
  type DAILY_SCORE_SORTS,
} from '../../contract/daily';
import type { PageRequest } from '../../contract/page';
import type { Database } from './client';
import { completedGame } from './games';
import { orderOf, pageOf, playerRef } from './pages';
import { dailyDays, type DailyGameRow, dailyGames, dailyNotices, dailyPlays, games, players } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The secret of `day`, made from `fresh` by the day's first call. Insert or ignore, then read: of two
 * first calls racing, one inserts and both read the same secret.
 */
export async function daySecret(db: Database, day: string, fresh: string): Promise<string> {
  const insert = db.insert(dailyDays).values({ day, secret: fresh }).onConflictDoNothing();
  const read = db.select({ secret: dailyDays.secret }).from(dailyDays).where(eq(dailyDays.day, day));
  let row: { secret: string } | undefined;
  try {
    [, [row]] = await db.batch([insert, read]);
  } catch {
    // drizzle's error names the query's parameters, the secret among them, and errors are logged.
    throw new Error(`D1 refused the daily secret of ${day}`);
  }
  if (!row) throw new Error(`No secret for ${day} after insert`);
  return row.secret;
}

/** The player's daily game of `day`, or null when they have not started it. */
export async function findDailyGame(
  db: Database,
  playerId: number,
  day: string,
): Promise<DailyGameRow | null> {
  const row = await db.query.dailyGames.findFirst({
    where: and(eq(dailyGames.playerId, playerId), eq(dailyGames.day, day)),
  });
  return row ?? null;
}

/** Whether the player started their game of `day`, whether or not the game still exists. */
export async function findDailyPlay(db: Database, playerId: number, day: string): Promise<boolean> {
  const row = await db.query.dailyPlays.findFirst({
    columns: { day: true },
    where: and(eq(dailyPlays.playerId, playerId), eq(dailyPlays.day, day)),
  });
  return row !== undefined;
}

/**
 * Starts the player's game of `day`: the record that they played it, its index row and its daily row in
 * one transaction (a D1 batch), so that the (player, day) keys refuse a second start with nothing left
 * behind. `created` is false when the player had started it already and the game is still there; null
 * when they had and the game is gone (an admin deleted it): the day is played, and its dice known to them.
 */
export async function startDailyGame(
  db: Database,
  playerId: number,
  day: string,
  now: number,
): Promise<{ gameId: number; created: boolean } | null> {
  let created = true;
  try {
    await db.batch([
      // Not linked to the game, so deleting the game leaves it; first, so last_insert_rowid() is the game's.
      db.insert(dailyPlays).values({ playerId, day, createdAt: now }),
      // updated_at = created_at: the index says the game was opened, never played (db/games.ts `playedGame`).
      db.insert(games).values({ playerId, type: 'DAILY', createdAt: now, updatedAt: now }),
      db.insert(dailyGames).values({ playerId, day, gameId: sql`last_insert_rowid()`, createdAt: now }),
    ]);
  } catch (error) {
    // A key refused the start when the player had started the day already (read below).
    const [game, played] = await Promise.all([
      findDailyGame(db, playerId, day),
      findDailyPlay(db, playerId, day),
    ]);
    if (!game && !played) throw error;
    if (!game) return null;
    created = false;
  }
  const row = await findDailyGame(db, playerId, day);
  if (!row) throw new Error(`No daily game of player ${playerId} on ${day} after insert`);
  return { gameId: row.gameId, created };
}

/** The player's completed games (db/games.ts `completedGame`), counted up to `limit`. */
export async function completedGames(db: Database, playerId: number, limit: number): Promise<number> {
  const rows = await db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.playerId, playerId), completedGame()))
    .limit(limit);
  return rows.length;
}

/**
 * The latest creation time of an account old enough to be ranked on `day` as seen at `now`: its age at
 * the day's end, or now while the day lasts, so a day over keeps its ranking as accounts grow older.
 */
export const rankedCreatedBy = (day: string, now: number) =>
  Math.min(now, Date.parse(`${day}T00:00:00Z`) + DAY_MS) - DAILY_RANKED_ACCOUNT_DAYS * DAY_MS;

/**
 * The daily rows whose player is ranked (contract/daily.ts DAILY_RANKED_ACCOUNT_DAYS): registered, not
 * banned, e-mail verified, old enough and with enough completed games. Subqueries on the row's player
 * rather than the join, so the page's count (pages.ts `pageOf`, on daily_games alone) applies them too;
 * the games are read from the player's index rows, at most DAILY_RANKED_MIN_GAMES of them.
 */
const rankedPlayer = (db: Database, createdBy: number) =>
  and(
    exists(
      db
        .select({ id: players.id })
        .from(players)
        .where(
          and(
            eq(players.id, dailyGames.playerId),
            eq(players.status, 'ACTIVE'),
            eq(players.guest, false),
            eq(players.emailVerified, true),
            lte(players.createdAt, createdBy),
          ),
        ),
    ),
    gte(
      sql`(SELECT count(*) FROM (${db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.playerId, dailyGames.playerId), completedGame()))
        .limit(DAILY_RANKED_MIN_GAMES)}))`,
      DAILY_RANKED_MIN_GAMES,
    ),
  );

/**
 * Records a daily game's total once: a retried write (its answer lost) finds the row completed and
 * changes nothing. The room's index writer batches it with the game's index row.
 */
export const completeDailyGameStatement = (
  db: Database,
  gameId: number,
  total: number,
  completedAt: number,
) =>
  db
    .update(dailyGames)
    .set({ total, completedAt })
    .where(and(eq(dailyGames.gameId, gameId), isNull(dailyGames.completedAt)));

/** The days (newest first) of the player's last `limit` completed daily games: enough to count a streak. */
export async function completedDays(db: Database, playerId: number, limit = 400): Promise<string[]> {
  const rows = await db
    .select({ day: dailyGames.day })
    .from(dailyGames)
    .where(and(eq(dailyGames.playerId, playerId), isNotNull(dailyGames.completedAt)))
    .orderBy(desc(dailyGames.day))
    .limit(limit);
  return rows.map((row) => row.day);
}

/** A page of `day`'s completed daily games of ranked players (`rankedPlayer`), each with its player. */
export async function listDailyScores(
  db: Database,
  day: string,
  request: PageRequest<(typeof DAILY_SCORE_SORTS)[number]>,
  now = Date.now(),
) {
  const where = and(
    eq(dailyGames.day, day),
    isNotNull(dailyGames.completedAt),
    rankedPlayer(db, rankedCreatedBy(day, now)),
  );
  const column = request.sort === 'total' ? dailyGames.total : dailyGames.completedAt;
  const query = db
    .select({
      gameId: dailyGames.gameId,
      total: dailyGames.total,
      completedAt: dailyGames.completedAt,
      player: playerRef,
    })
    .from(dailyGames)
    .innerJoin(players, eq(players.id, dailyGames.playerId))
    .where(where)
    .orderBy(...orderOf(request, column, dailyGames.gameId))
    .$dynamic();
  return pageOf(db, request, query, dailyGames, where);
}

/**
 * Claims the player's "the daily game waits" notice of `day`: true for the one call that inserted the row,
 * false for every later (or racing) call, which the (player, day) key turns into a no-op.
 */
export async function claimDailyNotice(db: Database, playerId: number, day: string): Promise<boolean> {
  const rows = await db
    .insert(dailyNotices)
    .values({ playerId, day })
    .onConflictDoNothing()
    .returning({ day: dailyNotices.day });
  return rows.length > 0;
}
