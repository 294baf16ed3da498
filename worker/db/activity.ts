import { asc, avg, count, desc, eq, inArray, max, min, or, type SQL, sum } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteSelect, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { PageRequest } from '../lib/hal';
import type { Database } from './client';
import { clashes, clashPlayers, games, logs, notifications, players, scores } from './schema';

// The collections linked from a player (SPEC.md section 3): reads of the D1 index tables, which the
// rooms and the other routes write. Each returns one page of rows and the total count.

export const SCORE_SORTS = ['createdAt', 'value'] as const;
export const GAME_SORTS = ['updatedAt', 'createdAt', 'totalSum'] as const;
export const CLASH_SORTS = ['createdAt', 'updatedAt'] as const;
export const LOG_SORTS = ['createdAt', 'level'] as const;
export const NOTIFICATION_SORTS = ['createdAt'] as const;

const orderOf = (request: PageRequest<string>, column: SQLiteColumn, id: SQLiteColumn) => {
  const direction = request.order === 'ASC' ? asc : desc;
  return [direction(column), direction(id)];
};

/**
 * The requested page of `rows` (a select already filtered by `where` and ordered) and the count of all
 * the rows of `table` that `where` lets through, read side by side.
 */
async function pageOf<Q extends SQLiteSelect>(
  db: Database,
  request: PageRequest<string>,
  rows: Q,
  table: SQLiteTable,
  where: SQL | undefined,
) {
  const [page, [{ total }]] = await Promise.all([
    rows.limit(request.size).offset(request.page * request.size),
    db.select({ total: count() }).from(table).where(where),
  ]);
  return { rows: page, total };
}

const playerRef = { id: players.id, name: players.name };

export async function playerScores(
  db: Database,
  playerId: number,
  request: PageRequest<(typeof SCORE_SORTS)[number]>,
) {
  const where = eq(scores.playerId, playerId);
  const query = db
    .select({ score: scores, player: playerRef })
    .from(scores)
    .innerJoin(players, eq(players.id, scores.playerId))
    .where(where)
    .orderBy(...orderOf(request, scores[request.sort], scores.id))
    .$dynamic();
  return pageOf(db, request, query, scores, where);
}

/** A page of the games index, every player's or one player's. */
export async function listGames(
  db: Database,
  request: PageRequest<(typeof GAME_SORTS)[number]>,
  playerId?: number,
) {
  const where = playerId === undefined ? undefined : eq(games.playerId, playerId);
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

/** The clashes the player owns or was invited to, each with its players in turn order. */
export async function playerClashes(
  db: Database,
  playerId: number,
  request: PageRequest<(typeof CLASH_SORTS)[number]>,
) {
  const member = db
    .select({ id: clashPlayers.clashId })
    .from(clashPlayers)
    .where(eq(clashPlayers.playerId, playerId));
  const where: SQL | undefined = or(eq(clashes.ownerId, playerId), inArray(clashes.id, member));
  const query = db
    .select({ clash: clashes, owner: playerRef })
    .from(clashes)
    .innerJoin(players, eq(players.id, clashes.ownerId))
    .where(where)
    .orderBy(...orderOf(request, clashes[request.sort], clashes.id))
    .$dynamic();
  const { rows, total } = await pageOf(db, request, query, clashes, where);
  const ids = rows.map((row) => row.clash.id);
  const members = ids.length
    ? await db
        .select({
          clashId: clashPlayers.clashId,
          id: players.id,
          name: players.name,
          avatarKey: players.avatarKey,
          status: clashPlayers.status,
          position: clashPlayers.position,
          score: clashPlayers.score,
          gameId: clashPlayers.gameId,
        })
        .from(clashPlayers)
        .innerJoin(players, eq(players.id, clashPlayers.playerId))
        .where(inArray(clashPlayers.clashId, ids))
        .orderBy(asc(clashPlayers.clashId), asc(clashPlayers.position))
    : [];
  return {
    rows: rows.map((row) => ({ ...row, members: members.filter((m) => m.clashId === row.clash.id) })),
    total,
  };
}

export async function playerLogs(
  db: Database,
  playerId: number,
  request: PageRequest<(typeof LOG_SORTS)[number]>,
) {
  const where = eq(logs.playerId, playerId);
  const query = db
    .select({ log: logs, player: playerRef })
    .from(logs)
    .innerJoin(players, eq(players.id, logs.playerId))
    .where(where)
    .orderBy(...orderOf(request, logs[request.sort], logs.id))
    .$dynamic();
  return pageOf(db, request, query, logs, where);
}

export async function playerNotifications(
  db: Database,
  playerId: number,
  request: PageRequest<(typeof NOTIFICATION_SORTS)[number]>,
) {
  const where = eq(notifications.playerId, playerId);
  const query = db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(...orderOf(request, notifications[request.sort], notifications.id))
    .$dynamic();
  return pageOf(db, request, query, notifications, where);
}

export async function deletePlayerNotifications(db: Database, playerId: number) {
  await db.delete(notifications).where(eq(notifications.playerId, playerId));
}

/** The figures of a player's detail: games played and their completed scores. */
export async function playerStats(db: Database, playerId: number) {
  const [[scored], [played]] = await Promise.all([
    db
      .select({
        scoreCount: count(),
        highScore: max(scores.value),
        lowestScore: min(scores.value),
        averageScore: avg(scores.value),
        totalScore: sum(scores.value),
      })
      .from(scores)
      .where(eq(scores.playerId, playerId)),
    db.select({ totalGames: count() }).from(games).where(eq(games.playerId, playerId)),
  ]);
  return {
    totalGames: played.totalGames,
    scoreCount: scored.scoreCount,
    highScore: scored.highScore ?? null,
    lowestScore: scored.lowestScore ?? null,
    averageScore: scored.averageScore === null ? null : Math.round(Number(scored.averageScore) * 10) / 10,
    totalScore: Number(scored.totalScore ?? 0),
  };
}

/** The figures of the players overview (GET /api/players/stats): the statistics labels of SPEC.md section 3. */
export async function overallStats(db: Database) {
  const gameCount = count(games.id);
  const average = avg(scores.value);
  const [[players_], [newest], [mostGames], [highest], [bestAverage]] = await Promise.all([
    db.select({ total: count() }).from(players),
    db
      .select({ id: players.id, name: players.name, createdAt: players.createdAt })
      .from(players)
      .orderBy(desc(players.createdAt), desc(players.id))
      .limit(1),
    db
      .select({ id: players.id, name: players.name, games: gameCount })
      .from(games)
      .innerJoin(players, eq(players.id, games.playerId))
      .groupBy(players.id)
      .orderBy(desc(gameCount), asc(players.id))
      .limit(1),
    db
      .select({ id: players.id, name: players.name, value: scores.value })
      .from(scores)
      .innerJoin(players, eq(players.id, scores.playerId))
      .orderBy(desc(scores.value), asc(scores.id))
      .limit(1),
    db
      .select({ id: players.id, name: players.name, average })
      .from(scores)
      .innerJoin(players, eq(players.id, scores.playerId))
      .groupBy(players.id)
      .orderBy(desc(average), asc(players.id))
      .limit(1),
  ]);
  return {
    totalPlayers: players_.total,
    newestPlayer: newest
      ? { id: newest.id, name: newest.name, createdAt: new Date(newest.createdAt).toISOString() }
      : null,
    mostGamesPlayer: mostGames ?? null,
    highestScore: highest ?? null,
    highestAverage: bestAverage
      ? {
          id: bestAverage.id,
          name: bestAverage.name,
          average: Math.round(Number(bestAverage.average) * 10) / 10,
        }
      : null,
  };
}
