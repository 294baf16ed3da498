import { and, desc, eq, lt, ne, or } from 'drizzle-orm';
import { dayOf } from '../../contract/daily';
import type { GAME_SORTS } from '../../contract/games';
import type { PageRequest } from '../../contract/page';
import { CLASSIC_RULES, parseRules, presetOf, type RuleSet } from '../../game/rules';
import type { Database } from './client';
import { orderOf, pageOf } from './pages';
import { type GameRow, games, players } from './schema';

export interface GameOwnerRow {
  id: number;
  type: GameRow['type'];
  clashId: number | null;
}

/**
 * Which room owns a game never changes after the game is created, so the answer is kept in the
 * isolate's memory: a D1 read on every move doubled a move's latency (bench/latency.mjs). Only games
 * that exist are remembered; the map is bounded and forgets its oldest entries first.
 */
const known = new Map<number, GameOwnerRow>();
const KNOWN_MAX = 10_000;

/**
 * A game's row in the D1 index, as much as says which room owns it (its type, its clash), or null when
 * there is no such game. Routes ask this before they reach a room, so no room starts for a number.
 */
export async function findGameRow(db: Database, id: number): Promise<GameOwnerRow | null> {
  const cached = known.get(id);
  if (cached) return cached;
  const row = await db.query.games.findFirst({
    columns: { id: true, type: true, clashId: true },
    where: eq(games.id, id),
  });
  if (!row) return null;
  if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value as number);
  known.set(id, row);
  return row;
}

/**
 * The games that count: a room moves its game's `updated_at` past `created_at` with its first change
 * (GameRoom keeps updatedAt strictly increasing and the index writes it), so a game in progress whose row
 * still has the two equal was only opened, never played. Such a game stays out of every list and count:
 * a first visit that never rolls leaves nothing behind. A completed or archived game always counts.
 */
export const playedGame = () => or(ne(games.status, 'IN_PROGRESS'), ne(games.updatedAt, games.createdAt));

/**
 * The games played to the end, of any type: COMPLETED, or ARCHIVED with every box filled. An archived
 * game is not always a finished one: a clash puts away the sheets its forfeited players left unfinished
 * (game/clashTurns.ts `settledGames`), and those do not count.
 */
export const completedGame = () =>
  or(eq(games.status, 'COMPLETED'), and(eq(games.status, 'ARCHIVED'), eq(games.progress, 100)));

/**
 * Not a daily game of a day that is not over: its dice would tell the others what they are about to roll.
 * A daily game's index row is made on its day (db/daily.ts `startDailyGame`), so its day is over once
 * it was created before today began (UTC).
 */
export const pastDailyGame = (now = Date.now()) =>
  or(ne(games.type, 'DAILY'), lt(games.createdAt, Date.parse(`${dayOf(now)}T00:00:00Z`)));

/**
 * A page of the games index, every player's or one player's; games never played, and daily games whose
 * day is not over, are not listed.
 */
export async function listGames(
  db: Database,
  request: PageRequest<(typeof GAME_SORTS)[number]>,
  playerId?: number,
) {
  const listed = and(playedGame(), pastDailyGame());
  const where = playerId === undefined ? listed : and(eq(games.playerId, playerId), listed);
  // The shape of the games list (lib/resources/game.ts `GameSummaryRow`), so both lists show a game alike.
  const query = db
    .select({
      id: games.id,
      type: games.type,
      status: games.status,
      playerId: games.playerId,
      playerName: players.name,
      totalSum: games.totalSum,
      progress: games.progress,
      rules: games.rules,
      createdAt: games.createdAt,
      updatedAt: games.updatedAt,
    })
    .from(games)
    .innerJoin(players, eq(players.id, games.playerId))
    .where(where)
    .orderBy(...orderOf(request, games[request.sort], games.id))
    .$dynamic();
  return pageOf(db, request, query, games, where);
}

/** The rule set of a game's index row: a row from before rule sets (no rules) is CLASSIC. */
export const rowRules = (row: Pick<GameRow, 'rules'>): RuleSet => parseRules(row.rules) ?? CLASSIC_RULES;

/**
 * The player's current solo game (in progress, or completed and not yet archived), inserted with the rule
 * set `rules()` names when there is none (`made`). Insert-or-select: the partial unique index admits one
 * current solo game per player, so of two concurrent calls one inserts, the other's insert does nothing,
 * and both read the same row.
 */
export async function currentSoloGame(
  db: Database,
  playerId: number,
  rules: () => RuleSet | Promise<RuleSet>,
): Promise<{ row: GameRow; made: boolean }> {
  const current = () =>
    db.query.games.findFirst({
      where: and(eq(games.playerId, playerId), eq(games.type, 'SOLO'), ne(games.status, 'ARCHIVED')),
    });
  const found = await current();
  if (found) return { row: found, made: false };
  const wanted = await rules();
  const inserted = await db
    .insert(games)
    .values({ playerId, type: 'SOLO', preset: presetOf(wanted), rules: wanted })
    .onConflictDoNothing()
    .returning();
  const row = inserted[0] ?? (await current());
  if (!row) throw new Error(`No current game for player ${playerId} after insert`);
  return { row, made: inserted.length > 0 };
}

/** The rule set of the player's latest solo game, or null when they have none. */
export async function latestSoloRules(db: Database, playerId: number): Promise<RuleSet | null> {
  const row = await db.query.games.findFirst({
    columns: { rules: true },
    where: and(eq(games.playerId, playerId), eq(games.type, 'SOLO')),
    orderBy: desc(games.id),
  });
  return row ? rowRules(row) : null;
}

/**
 * The ids of the player's games in rooms of their own in which they may still act: solo games not
 * archived, daily games in progress (a completed one takes no move, not even archive).
 */
export async function gamesInOwnRooms(db: Database, playerId: number): Promise<{ id: number }[]> {
  return db
    .select({ id: games.id })
    .from(games)
    .where(
      and(
        eq(games.playerId, playerId),
        or(
          and(eq(games.type, 'SOLO'), ne(games.status, 'ARCHIVED')),
          and(eq(games.type, 'DAILY'), eq(games.status, 'IN_PROGRESS')),
        ),
      ),
    );
}

/** Deletes a game's index row, its score with it (ON DELETE CASCADE); false when there was none. */
export async function deleteGameRow(db: Database, gameId: number): Promise<boolean> {
  const deleted = await db.delete(games).where(eq(games.id, gameId)).returning({ id: games.id });
  return deleted.length > 0;
}

/**
 * A solo game nobody moved in: still in progress and never changed since it was created (DESIGN.md
 * "First visit": such a game is never listed or counted). Every visit to the play screen makes one, so
 * the sweep (worker/sweep.ts) deletes those left alone for a day.
 */
const untouchedSolo = and(
  eq(games.type, 'SOLO'),
  eq(games.status, 'IN_PROGRESS'),
  eq(games.updatedAt, games.createdAt),
);

/** The ids of at most `limit` solo games nobody moved in, created before `before`, oldest first. */
export async function untouchedSoloGameIds(db: Database, before: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: games.id })
    .from(games)
    .where(and(lt(games.updatedAt, before), untouchedSolo))
    .orderBy(games.updatedAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Deletes game `gameId`'s index row only while nobody has moved in it; false when it was not deleted. */
export async function deleteUntouchedGameRow(db: Database, gameId: number): Promise<boolean> {
  const deleted = await db
    .delete(games)
    .where(and(eq(games.id, gameId), untouchedSolo))
    .returning({ id: games.id });
  return deleted.length > 0;
}

/** Forgets what this isolate remembers of a deleted game's row (`findGameRow`). */
export function forgetGameRow(gameId: number) {
  known.delete(gameId);
}

/** The ids of the player's latest finished games (none of a daily game's day still on), newest first. */
export async function finishedGameIds(db: Database, playerId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.playerId, playerId), completedGame(), pastDailyGame()))
    .orderBy(desc(games.updatedAt), desc(games.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
