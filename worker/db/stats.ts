import { and, asc, avg, count, desc, eq, max, min, sql, sum } from 'drizzle-orm';
import type { OverallStats, PlayerStats } from '../../contract/players';
import type { ScoreStats } from '../../contract/scores';
import { PRESET_NAMES, type PresetName } from '../../game/rules';
import type { Database } from './client';
import { playedGame } from './games';
import { notBanned } from './pages';
import { type ScoreFilter, scoreWhere } from './scores';
import { games, players, scores } from './schema';

// The statistics, computed in SQL.

/** An average as the statistics show it, to one decimal (drizzle's `avg` reads as a string). */
const oneDecimal = (average: unknown) => Math.round(Number(average) * 10) / 10;

/** The figures of a player's detail: games played (never only opened) and their completed scores. */
export async function playerStats(db: Database, playerId: number): Promise<PlayerStats> {
  const [[scored], [played], presets] = await Promise.all([
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
    db
      .select({ totalGames: count() })
      .from(games)
      .where(and(eq(games.playerId, playerId), playedGame())),
    // Per preset (issue 27): a long sheet's totals say nothing of a classic one's. Custom rule sets, of
    // any shape, are one group (null).
    db
      .select({
        preset: scores.preset,
        scoreCount: count(),
        highScore: max(scores.value),
        averageScore: avg(scores.value),
      })
      .from(scores)
      .where(eq(scores.playerId, playerId))
      .groupBy(scores.preset),
  ]);
  const order = (preset: PresetName | null) =>
    preset === null ? PRESET_NAMES.length : PRESET_NAMES.indexOf(preset);
  return {
    presets: presets
      .sort((a, b) => order(a.preset) - order(b.preset))
      .map((row) => ({
        preset: row.preset,
        scoreCount: row.scoreCount,
        highScore: row.highScore ?? 0,
        averageScore: oneDecimal(row.averageScore),
      })),
    totalGames: played.totalGames,
    scoreCount: scored.scoreCount,
    highScore: scored.highScore ?? null,
    lowestScore: scored.lowestScore ?? null,
    averageScore: scored.averageScore === null ? null : oneDecimal(scored.averageScore),
    totalScore: Number(scored.totalScore ?? 0),
  };
}

/**
 * The figures of the players overview (GET /api/players/stats): the statistics labels of SPEC.md section 3.
 * The highest score and average are of one preset's scores (issue 27: a long sheet's totals are no
 * record beside a classic one's, and a custom rule set's are ranked nowhere).
 */
export async function overallStats(db: Database, preset: PresetName = 'CLASSIC'): Promise<OverallStats> {
  const gameCount = count(games.id);
  const average = avg(scores.value);
  // The players named here are never banned ones; the counts count everyone.
  const listed = and(eq(scores.preset, preset), notBanned(scores.playerId));
  const [[people], [played], [newest], [mostGames], [highest], [bestAverage]] = await Promise.all([
    // The practice bot is no member of the community: not counted, never the newest. Guests (one per
    // visitor, most of whom never come back) are counted apart, and the newest player is a registered one.
    db
      .select({ registered: count(sql`case when ${players.guest} = 0 then 1 end`), total: count() })
      .from(players)
      .where(eq(players.bot, false)),
    db.select({ total: count() }).from(games).where(playedGame()),
    db
      .select({ id: players.id, name: players.name, createdAt: players.createdAt })
      .from(players)
      .where(and(eq(players.bot, false), eq(players.guest, false), notBanned(players.id)))
      .orderBy(desc(players.createdAt), desc(players.id))
      .limit(1),
    db
      .select({ id: players.id, name: players.name, games: gameCount })
      .from(games)
      .innerJoin(players, eq(players.id, games.playerId))
      .where(and(playedGame(), notBanned(games.playerId)))
      .groupBy(players.id)
      .orderBy(desc(gameCount), asc(players.id))
      .limit(1),
    // The first to reach the highest score. Found through the value index in two steps: one ORDER BY
    // value DESC, id ASC (directions that differ) can't use it and sorts the whole table.
    db
      .select({ id: players.id, name: players.name, value: scores.value })
      .from(scores)
      .innerJoin(players, eq(players.id, scores.playerId))
      .where(
        and(
          eq(
            scores.value,
            db
              .select({ high: max(scores.value) })
              .from(scores)
              .where(listed),
          ),
          listed,
        ),
      )
      .orderBy(asc(scores.id))
      .limit(1),
    db
      .select({ id: players.id, name: players.name, average })
      .from(scores)
      .innerJoin(players, eq(players.id, scores.playerId))
      .where(listed)
      .groupBy(players.id)
      .orderBy(desc(average), asc(players.id))
      .limit(1),
  ]);
  return {
    totalPlayers: people.registered,
    totalGuests: people.total - people.registered,
    totalGames: played.total,
    newestPlayer: newest
      ? { id: newest.id, name: newest.name, createdAt: new Date(newest.createdAt).toISOString() }
      : null,
    mostGamesPlayer: mostGames ?? null,
    highestScore: highest ?? null,
    highestAverage: bestAverage
      ? {
          id: bestAverage.id,
          name: bestAverage.name,
          average: oneDecimal(bestAverage.average),
        }
      : null,
  };
}

/**
 * The score figures of the rankings (GET /api/scores/stats): count, highest, lowest, average and sum of the
 * scores the filter lets through, in one aggregate query.
 */
export async function scoreStats(
  db: Database,
  filter: ScoreFilter,
): Promise<Omit<ScoreStats, 'preset' | 'period' | 'playerId'>> {
  const [row] = await db
    .select({
      totalGames: count(),
      highScore: max(scores.value),
      lowestScore: min(scores.value),
      averageScore: avg(scores.value),
      totalScore: sum(scores.value),
    })
    .from(scores)
    .where(scoreWhere(filter));
  return {
    totalGames: row.totalGames,
    highScore: row.highScore ?? null,
    lowestScore: row.lowestScore ?? null,
    averageScore: row.averageScore === null ? null : oneDecimal(row.averageScore),
    totalScore: Number(row.totalScore ?? 0),
  };
}
