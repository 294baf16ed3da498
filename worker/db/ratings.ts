import { and, desc, eq, inArray, isNotNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { alias } from 'drizzle-orm/sqlite-core';
import { CLASH_MAX_PLAYERS, CLASH_MIN_PLAYERS } from '../../contract/clashes';
import type { PageRequest } from '../../contract/page';
import {
  RATING_CHANGE_SORTS,
  RATING_MU,
  RATING_SIGMA,
  RATING_SORTS,
  ratingValue,
} from '../../contract/ratings';
import { playedEnough, type RatedMember, ratingPlaces } from '../../game';
import type { PresetName } from '../../game/rules';
import { rateClash } from '../lib/ratings';
import type { Database } from './client';
import { notBanned, orderOf, pageOf } from './pages';
import { clashes, clashPlayers, type PlayerRatingRow, playerRatings, players, ratingChanges } from './schema';

/**
 * A completed clash as its rating reads it: its players in turn order, each with the boxes they filled
 * themselves (`fills`), when it ended.
 */
export interface CompletedClash {
  id: number;
  players: (RatedMember & { bot?: boolean; fills: number })[];
  completedAt: number;
}

/** The preset a clash is rated in, from its row (null for a custom rule set, or no such clash). */
async function clashPreset(db: Database, clashId: number): Promise<PresetName | null> {
  const [row] = await db.select({ preset: clashes.preset }).from(clashes).where(eq(clashes.id, clashId));
  return row?.preset ?? null;
}

/**
 * The statements that rate a completed clash in its preset, to run in the batch that records its result;
 * none when it is not rated (a custom rule set, the bot or a guest among its players, a player gone, a
 * player who filled fewer than CLASH_RATED_MIN_FILLS boxes). The new ratings are computed here from the
 * players' current ones in that preset; each player's update only applies while their rating_changes row
 * for the clash does not exist, and that row is inserted right after it in the same batch, so a retried
 * completion (the write-behind index writes again after a lost answer) rates nobody twice; and a rating
 * that moved since it was read (or was made since: a first rated clash of the preset ending at once)
 * fails the batch, so a concurrent completion loses nobody's update.
 */
export async function ratingWrites(db: Database, clash: CompletedClash): Promise<BatchItem<'sqlite'>[]> {
  const members = clash.players;
  if (members.length < CLASH_MIN_PLAYERS || members.length > CLASH_MAX_PLAYERS) return [];
  if (members.some((m) => m.bot === true)) return [];
  if (!playedEnough(members.map((m) => m.fills))) return [];
  const preset = await clashPreset(db, clash.id);
  if (!preset) return [];
  const ids = members.map((m) => m.id);
  const [people, stored] = await Promise.all([
    db
      .select({ id: players.id, guest: players.guest, bot: players.bot })
      .from(players)
      .where(inArray(players.id, ids)),
    db
      .select()
      .from(playerRatings)
      .where(and(eq(playerRatings.preset, preset), inArray(playerRatings.playerId, ids))),
  ]);
  const byId = new Map(people.map((row) => [row.id, row]));
  if (ids.some((id) => !byId.get(id) || byId.get(id)!.guest || byId.get(id)!.bot)) return [];
  const ratingById = new Map(stored.map((row) => [row.playerId, row]));
  const before = ids.map((id) => ratingById.get(id) ?? null);
  const places = ratingPlaces(members);
  const after = rateClash(
    before.map((row) => row ?? { mu: RATING_MU, sigma: RATING_SIGMA }),
    places,
  );
  return ids.flatMap((playerId, index) => {
    const old = before[index];
    const next = after[index]!;
    const mine = and(eq(playerRatings.playerId, playerId), eq(playerRatings.preset, preset));
    const rated = db
      .select({ one: sql`1` })
      .from(ratingChanges)
      .where(and(eq(ratingChanges.clashId, clash.id), eq(ratingChanges.playerId, playerId)));
    return [
      // Another clash of theirs in this preset rated them since `before` was read (two clashes ending at
      // once): this sets the NOT NULL mu to NULL, which fails the whole batch, so the room's index writes
      // again with the ratings as they are then, and no update is lost.
      db
        .update(playerRatings)
        .set({ mu: sql`NULL` })
        .where(
          and(
            mine,
            notExists(rated),
            old ? or(ne(playerRatings.mu, old.mu), ne(playerRatings.sigma, old.sigma)) : undefined,
          ),
        ),
      db
        .insert(playerRatings)
        .values({ playerId, preset, mu: next.mu, sigma: next.sigma, ratedClashes: 0 })
        .onConflictDoNothing(),
      db
        .update(playerRatings)
        .set({ mu: next.mu, sigma: next.sigma, ratedClashes: sql`${playerRatings.ratedClashes} + 1` })
        .where(and(mine, notExists(rated))),
      db
        .insert(ratingChanges)
        .values({
          clashId: clash.id,
          playerId,
          preset,
          place: places[index]!,
          muBefore: old?.mu ?? RATING_MU,
          sigmaBefore: old?.sigma ?? RATING_SIGMA,
          muAfter: next.mu,
          sigmaAfter: next.sigma,
          createdAt: clash.completedAt,
        })
        .onConflictDoNothing(),
    ];
  });
}

/** Each player's ratings, by player id: the rows of the presets they have a rated clash of. */
export async function ratingsOf(db: Database, ids: readonly number[]) {
  const rows = ids.length
    ? await db
        .select()
        .from(playerRatings)
        .where(inArray(playerRatings.playerId, [...ids]))
    : [];
  const byPlayer = new Map<number, PlayerRatingRow[]>(ids.map((id) => [id, []]));
  for (const row of rows) byPlayer.get(row.playerId)?.push(row);
  return byPlayer;
}

/** A player's rating in one preset: the default one while they have no rated clash of it. */
export async function presetRating(db: Database, playerId: number, preset: PresetName) {
  const [row] = await db
    .select({ mu: playerRatings.mu, sigma: playerRatings.sigma, ratedClashes: playerRatings.ratedClashes })
    .from(playerRatings)
    .where(and(eq(playerRatings.playerId, playerId), eq(playerRatings.preset, preset)));
  return row ?? { mu: RATING_MU, sigma: RATING_SIGMA, ratedClashes: 0 };
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

/**
 * The rating tab of a preset: players with a rated clash of it, by mu (the displayed value's order), paged;
 * not the banned. Read from player_ratings_preset_mu_idx.
 */
export async function listRatings(
  db: Database,
  request: PageRequest<(typeof RATING_SORTS)[number]>,
  preset: PresetName,
) {
  const where = and(eq(playerRatings.preset, preset), notBanned(playerRatings.playerId));
  const query = db
    .select({
      id: players.id,
      name: players.name,
      preset: playerRatings.preset,
      mu: playerRatings.mu,
      clashes: playerRatings.ratedClashes,
    })
    .from(playerRatings)
    .innerJoin(players, eq(players.id, playerRatings.playerId))
    .where(where)
    .orderBy(...orderOf(request, playerRatings.mu, playerRatings.playerId))
    .$dynamic();
  return pageOf(db, request, query, playerRatings, where);
}

/** A player's rated clashes of one preset, paged. */
export async function playerRatingChanges(
  db: Database,
  playerId: number,
  request: PageRequest<(typeof RATING_CHANGE_SORTS)[number]>,
  preset: PresetName,
) {
  const where = and(eq(ratingChanges.playerId, playerId), eq(ratingChanges.preset, preset));
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

/** The displayed rating a quick-match or lobby joiner is matched and shown by, in the clash's preset. */
export const joinerRating = async (db: Database, playerId: number, preset: PresetName) =>
  ratingValue((await presetRating(db, playerId, preset)).mu);
