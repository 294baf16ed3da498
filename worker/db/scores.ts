import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { type GameState, presetOf, totalSum } from '../../game';
import type { PresetName } from '../../game/rules';
import type { PageRequest } from '../../contract/page';
import type { SCORE_SORTS } from '../../contract/scores';
import type { Database } from './client';
import type { NewScore } from './gameIndex';
import { notBanned, orderOf, pageOf, playerRef } from './pages';

/** A score's player, with whether it is the practice bot (the rankings mark it). */
const scorePlayer = { ...playerRef, bot: players.bot };
import { games, players, scores } from './schema';

/**
 * The score row of a completed game of any type (solo, or clash: durable-objects/gameIndex.ts and
 * clashIndex.ts both write it so): its total, and the preset of its rule set, null for a custom one.
 */
export function scoreOf(
  state: GameState,
  game: { id: number; player: { id: number } },
  createdAt: number,
): NewScore {
  return {
    playerId: game.player.id,
    gameId: game.id,
    value: totalSum(state.sheet),
    preset: presetOf(state.rules),
    createdAt,
  };
}

/** Which scores: those since a moment (epoch ms), and only one player's. */
export interface ScoreFilter {
  since?: number;
  playerId?: number;
  /** Only one preset's (a ranking: a custom rule set's scores are never ranked); every score when left out. */
  preset?: PresetName;
}

/** Everyone's scores (the rankings and their figures) leave banned players out; one player's are theirs. */
export const scoreWhere = (filter: ScoreFilter) =>
  and(
    filter.preset === undefined ? undefined : eq(scores.preset, filter.preset),
    filter.since === undefined ? undefined : gte(scores.createdAt, filter.since),
    filter.playerId === undefined ? notBanned(scores.playerId) : eq(scores.playerId, filter.playerId),
  );

/**
 * A page of the scores the filter lets through, each with its player.
 *
 * A period's ranking (sort by value with `since`) takes two steps. Without statistics (D1 runs no ANALYZE)
 * SQLite would walk the value index from the top and read each score's row to skip those outside the
 * period: the whole table for a quiet day (200 ms at 100,000 rows). Instead the page's ids come from the
 * (created_at, value) index alone (`+value` is no indexed column, so the period's range is read and its
 * pairs sorted), and only those rows are read: a millisecond for a week of 12,000 scores.
 */
export async function listScores(
  db: Database,
  request: PageRequest<(typeof SCORE_SORTS)[number]>,
  filter: ScoreFilter = {},
) {
  const where = scoreWhere(filter);
  const select = () =>
    db
      .select({ score: scores, player: scorePlayer })
      .from(scores)
      .innerJoin(players, eq(players.id, scores.playerId));
  if (request.sort !== 'value' || filter.since === undefined) {
    const query = select()
      .where(where)
      .orderBy(...orderOf(request, scores[request.sort], scores.id))
      .$dynamic();
    return pageOf(db, request, query, scores, where);
  }
  const direction = request.order === 'ASC' ? asc : desc;
  const ids = db
    .select({ id: scores.id })
    .from(scores)
    .where(where)
    .orderBy(direction(sql`+${scores.value}`), direction(scores.id))
    .limit(request.size)
    .offset(request.page * request.size);
  const [rows, [{ total }]] = await Promise.all([
    select()
      .where(inArray(scores.id, ids))
      .orderBy(...orderOf(request, scores.value, scores.id)),
    db.select({ total: count() }).from(scores).where(where),
  ]);
  return { rows, total };
}

/** A page of the player's scores, each with its player. */
export const playerScores = (
  db: Database,
  playerId: number,
  request: PageRequest<(typeof SCORE_SORTS)[number]>,
) => listScores(db, request, { playerId });

/** One score with its player and its game's row in the index, or null when there is no such score. */
export async function findScore(db: Database, id: number) {
  const [row] = await db
    .select({
      score: scores,
      player: scorePlayer,
      game: {
        id: games.id,
        type: games.type,
        status: games.status,
        playerId: games.playerId,
        totalSum: games.totalSum,
        progress: games.progress,
        rules: games.rules,
        createdAt: games.createdAt,
        updatedAt: games.updatedAt,
      },
    })
    .from(scores)
    .innerJoin(players, eq(players.id, scores.playerId))
    .innerJoin(games, eq(games.id, scores.gameId))
    .where(eq(scores.id, id))
    .limit(1);
  return row ?? null;
}
