import { and, desc, eq, inArray, isNotNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { alias } from 'drizzle-orm/sqlite-core';
import { CLASH_MAX_PLAYERS, CLASH_MIN_PLAYERS } from '../../contract/clashes';
import type { PageRequest } from '../../contract/page';
import { RATING_CHANGE_SORTS, RATING_SORTS, ratingValue } from '../../contract/ratings';
import { playedEnough, type RatedMember, ratingPlaces } from '../../game';
import { rateClash } from '../lib/ratings';
import type { Database } from './client';
import { orderOf, pageOf } from './pages';
import { clashes, clashPlayers, players, ratingChanges } from './schema';

/**
 * A completed clash as its rating reads it: its players in turn order, each with the boxes they filled
 * themselves (`fills`), when it ended.
 */
export interface CompletedClash {
  id: number;
  players: (RatedMember & { bot?: boolean; fills: number })[];
  completedAt: number;
}

/**
 * The statements that rate a completed clash, to run in the batch that records its result; none when it
 * is not rated (the bot or a guest among its players, a player gone, a player who filled fewer than
 * CLASH_RATED_MIN_FILLS boxes). The new ratings are computed here
 * from the players' current ones; each player's update only applies while their rating_changes row for
 * the clash does not exist, and that row is inserted right after it in the same batch, so a retried
 * completion (the write-behind index writes again after a lost answer) rates nobody twice; and a rating
 * that moved since it was read fails the batch, so a concurrent completion loses nobody's update.
 */
export async function ratingWrites(db: Database, clash: CompletedClash): Promise<BatchItem<'sqlite'>[]> {
  const members = clash.players;
  if (members.length < CLASH_MIN_PLAYERS || members.length > CLASH_MAX_PLAYERS) return [];
  if (members.some((m) => m.bot === true)) return [];
  if (!playedEnough(members.map((m) => m.fills))) return [];
  const ids = members.map((m) => m.id);
  const rows = await db
    .select({
      id: players.id,
      guest: players.guest,
      bot: players.bot,
      mu: players.ratingMu,
      sigma: players.ratingSigma,
    })
    .from(players)
    .where(inArray(players.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const current = ids.map((id) => byId.get(id));
  if (current.some((row) => !row || row.guest || row.bot)) return [];
  const before = current.map((row) => ({ mu: row!.mu, sigma: row!.sigma }));
  const places = ratingPlaces(members);
  const after = rateClash(before, places);
  return ids.flatMap((playerId, index) => {
    const old = before[index]!;
    const next = after[index]!;
    const rated = db
      .select({ one: sql`1` })
      .from(ratingChanges)
      .where(and(eq(ratingChanges.clashId, clash.id), eq(ratingChanges.playerId, playerId)));
    return [
      // Another clash of theirs rated them since `before` was read (two clashes ending at once): this
      // sets the NOT NULL rating to NULL, which fails the whole batch, so the room's index writes again
      // with the ratings as they are then, and no update is lost.
      db
        .update(players)
        .set({ ratingMu: sql`NULL` })
        .where(
          and(
            eq(players.id, playerId),
            notExists(rated),
            or(ne(players.ratingMu, old.mu), ne(players.ratingSigma, old.sigma)),
          ),
        ),
      db
        .update(players)
        .set({
          ratingMu: next.mu,
          ratingSigma: next.sigma,
          ratedClashes: sql`${players.ratedClashes} + 1`,
        })
        .where(and(eq(players.id, playerId), notExists(rated))),
      db
        .insert(ratingChanges)
        .values({
          clashId: clash.id,
          playerId,
          place: places[index]!,
          muBefore: old.mu,
          sigmaBefore: old.sigma,
          muAfter: next.mu,
          sigmaAfter: next.sigma,
          createdAt: clash.completedAt,
        })
        .onConflictDoNothing(),
    ];
  });
}

/**
 * How a rated clash changed each player's displayed rating (empty for a clash that was not rated): what
 * the clash room tells its players once the completion is written.
 */
export async function ratingChangesOf(
  db: Database,
  clashId: number,
): Promise<{ playerId: number; before: number; after: number }[]> {
  const rows = await db
    .select({
      playerId: ratingChanges.playerId,
      muBefore: ratingChanges.muBefore,
      muAfter: ratingChanges.muAfter,
    })
    .from(ratingChanges)
    .where(eq(ratingChanges.clashId, clashId));
  return rows.map((row) => ({
    playerId: row.playerId,
    before: ratingValue(row.muBefore),
    after: ratingValue(row.muAfter),
  }));
}

// The same literal as the partial index players_rating_idx, so SQLite can use it (a bound 0 would not match).
const rated = sql`${players.ratedClashes} > 0`;

/** The rating tab: players with a rated clash, by mu (the displayed value's order), paged; not the banned. */
export async function listRatings(db: Database, request: PageRequest<(typeof RATING_SORTS)[number]>) {
  const where = and(rated, ne(players.status, 'BANNED'));
  const query = db
    .select({ id: players.id, name: players.name, mu: players.ratingMu, clashes: players.ratedClashes })
    .from(players)
    .where(where)
    .orderBy(...orderOf(request, players.ratingMu, players.id))
    .$dynamic();
  return pageOf(db, request, query, players, where);
}

/** A player's rated clashes, paged. */
export async function playerRatingChanges(
  db: Database,
  playerId: number,
  request: PageRequest<(typeof RATING_CHANGE_SORTS)[number]>,
) {
  const where = eq(ratingChanges.playerId, playerId);
  const query = db
    .select()
    .from(ratingChanges)
    .where(where)
    .orderBy(...orderOf(request, ratingChanges.createdAt, ratingChanges.clashId))
    .$dynamic();
  return pageOf(db, request, query, ratingChanges, where);
}

/** How many of the last common clashes head-to-head lists. */
export const HEAD_TO_HEAD_LAST = 5;

/**
 * The completed clashes `viewerId` and `playerId` both played, from the viewer's side: wins, losses and
 * ties by place (clash_players.place, written at completion), and the latest few. The viewer's rows come
 * from clash_players_player_id_idx, the other player's row of each by the table's key.
 */
export async function headToHead(db: Database, viewerId: number, playerId: number) {
  const mine = alias(clashPlayers, 'mine');
  const theirs = alias(clashPlayers, 'theirs');
  const common = and(
    eq(mine.playerId, viewerId),
    isNotNull(mine.place),
    isNotNull(theirs.place),
    eq(clashes.status, 'COMPLETED'),
  );
  const pair = and(eq(theirs.clashId, mine.clashId), eq(theirs.playerId, playerId));
  const [[totals], last] = await Promise.all([
    db
      .select({
        wins: sql<number>`coalesce(sum(${mine.place} < ${theirs.place}), 0)`,
        losses: sql<number>`coalesce(sum(${mine.place} > ${theirs.place}), 0)`,
        ties: sql<number>`coalesce(sum(${mine.place} = ${theirs.place}), 0)`,
      })
      .from(mine)
      .innerJoin(theirs, pair)
      .innerJoin(clashes, eq(clashes.id, mine.clashId))
      .where(common),
    db
      .select({
        id: clashes.id,
        name: clashes.name,
        completedAt: clashes.updatedAt,
        mine: mine.place,
        theirs: theirs.place,
      })
      .from(mine)
      .innerJoin(theirs, pair)
      .innerJoin(clashes, eq(clashes.id, mine.clashId))
      .where(common)
      .orderBy(desc(clashes.updatedAt), desc(clashes.id))
      .limit(HEAD_TO_HEAD_LAST),
  ]);
  return { wins: totals?.wins ?? 0, losses: totals?.losses ?? 0, ties: totals?.ties ?? 0, last };
}
