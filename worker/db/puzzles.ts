import { asc, desc, eq, gt, max } from 'drizzle-orm';
import type { DailyPuzzleResult, PuzzleRunMode } from '../../contract/puzzles';
import type { Database } from './client';
import { puzzleDays, puzzlePositions, puzzleRuns } from './schema';

/** The positions from reviewed games with an id above `after`, oldest first. */
export function listPuzzlePositions(db: Database, after: number, limit: number) {
  return db
    .select({ id: puzzlePositions.id, position: puzzlePositions.position })
    .from(puzzlePositions)
    .where(gt(puzzlePositions.id, after))
    .orderBy(asc(puzzlePositions.id))
    .limit(limit);
}

/** Stores a player's answer to `day`'s puzzle; false when the day was answered already (the first counts). */
export async function answerDailyPuzzle(
  db: Database,
  playerId: number,
  day: string,
  solved: boolean,
): Promise<boolean> {
  const rows = await db
    .insert(puzzleDays)
    .values({ playerId, day, solved })
    .onConflictDoNothing()
    .returning({ day: puzzleDays.day });
  return rows.length > 0;
}

/** Every daily answer of a player, newest first (one a day: a few hundred rows at most a year). */
export function dailyPuzzleResults(db: Database, playerId: number): Promise<DailyPuzzleResult[]> {
  return db
    .select({ day: puzzleDays.day, solved: puzzleDays.solved })
    .from(puzzleDays)
    .where(eq(puzzleDays.playerId, playerId))
    .orderBy(desc(puzzleDays.day));
}

export async function addPuzzleRun(db: Database, playerId: number, mode: PuzzleRunMode, score: number) {
  const [row] = await db.insert(puzzleRuns).values({ playerId, mode, score }).returning();
  return row;
}

/** A player's best score in each run mode, 0 before their first run. */
export async function bestRuns(db: Database, playerId: number): Promise<Record<PuzzleRunMode, number>> {
  const rows = await db
    .select({ mode: puzzleRuns.mode, best: max(puzzleRuns.score) })
    .from(puzzleRuns)
    .where(eq(puzzleRuns.playerId, playerId))
    .groupBy(puzzleRuns.mode);
  const best = { STREAK: 0, STORM: 0 };
  for (const row of rows) best[row.mode] = row.best ?? 0;
  return best;
}
