import { eq } from 'drizzle-orm';
import type { PresetName } from '../../game/rules';
import type { Database } from './client';
import { completeDailyGameStatement } from './daily';
import { type GameRow, games, scores } from './schema';

// The statements a room's write-behind index (durable-objects/gameIndex.ts, clashIndex.ts) sends to D1:
// the room decides what its rows say, these write it. Each is idempotent, as a retried write must be.

/** What a game's index row says of it: what the lists show and sort by. */
export interface ListedGame {
  id: number;
  status: GameRow['status'];
  totalSum: number;
  progress: number;
  updatedAt: number;
}

/** A completed game's one score (the rankings by period): db/scores.ts `scoreOf` makes it from the game. */
export interface NewScore {
  playerId: number;
  gameId: number;
  value: number;
  /** The game's rule set's preset; null for a custom rule set, which is never ranked. */
  preset: PresetName | null;
  createdAt: number;
}

/** How a completed game counts: a daily game in its day's ranking, any other as a score. */
export type GameResult = { daily: true } | { daily: false; score: NewScore };

export const listedGameStatement = (db: Database, game: ListedGame) =>
  db
    .update(games)
    .set({
      status: game.status,
      totalSum: game.totalSum,
      progress: game.progress,
      updatedAt: game.updatedAt,
    })
    .where(eq(games.id, game.id));

/** Unique on game id: a retried write after a lost answer never counts the game twice. */
export const scoreStatement = (db: Database, score: NewScore) =>
  db.insert(scores).values(score).onConflictDoNothing({ target: scores.gameId });

/** A game's index row and, once it is complete (`result`), what it counts for, in one batch. */
export async function writeGameIndex(db: Database, game: ListedGame, result: GameResult | null) {
  const update = listedGameStatement(db, game);
  if (!result) return void (await update);
  const counted = result.daily
    ? completeDailyGameStatement(db, game.id, game.totalSum, game.updatedAt)
    : scoreStatement(db, result.score);
  await db.batch([update, counted]);
}
