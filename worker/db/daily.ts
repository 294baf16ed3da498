import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DAILY_SCORE_SORTS } from '../../contract/daily';
import type { PageRequest } from '../../contract/page';
import type { Database } from './client';
import { orderOf, pageOf, playerRef } from './pages';
import { dailyDays, type DailyGameRow, dailyGames, dailyNotices, games, players } from './schema';

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

/**
 * Starts the player's game of `day`: its index row and its daily row in one transaction (a D1 batch), so
 * that the (player, day) key refuses a second start with nothing left behind. `created` is false when the
 * player had started it already; the game is theirs either way.
 */
export async function startDailyGame(
  db: Database,
  playerId: number,
  day: string,
  now: number,
): Promise<{ gameId: number; created: boolean }> {
  let created = true;
  try {
    await db.batch([
      // updated_at = created_at: the index says the game was opened, never played (db/games.ts `playedGame`).
      db.insert(games).values({ playerId, type: 'DAILY', createdAt: now, updatedAt: now }),
      db.insert(dailyGames).values({ playerId, day, gameId: sql`last_insert_rowid()`, createdAt: now }),
    ]);
  } catch (error) {
    // The key refused the start when the player's game of the day is already there (read below).
    if (!(await findDailyGame(db, playerId, day))) throw error;
    created = false;
  }
  const row = await findDailyGame(db, playerId, day);
  if (!row) throw new Error(`No daily game of player ${playerId} on ${day} after insert`);
  return { gameId: row.gameId, created };
}

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

/** A page of `day`'s completed daily games, each with its player. */
export async function listDailyScores(
  db: Database,
  day: string,
  request: PageRequest<(typeof DAILY_SCORE_SORTS)[number]>,
) {
  const where = and(eq(dailyGames.day, day), isNotNull(dailyGames.completedAt));
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
