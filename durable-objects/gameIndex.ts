import { progress, totalSum } from '../game';
import type { Database } from '../worker/db/client';
import { type GameResult, type ListedGame, writeGameIndex } from '../worker/db/gameIndex';
import { scoreOf } from '../worker/db/scores';
import type { Deadline } from './alarms';
import type { GameRecord } from './gameRecord';
import { WriteBehindIndex } from './writeBehindIndex';

/** Where a GameRoom keeps the record version its index row has. */
const INDEXED_KEY = 'indexed-version';

/**
 * What the games lists and rankings must show at once: whether the game is in progress, completed or
 * archived. A move that leaves it so (a roll, a fill, an undo) only moves the total and progress along,
 * and reaches D1 at most every PROGRESS_INTERVAL_MS (writeBehindIndex.ts).
 */
export const listedStatus = ({ state, meta }: Pick<GameRecord, 'state' | 'meta'>) =>
  meta.archived ? 'ARCHIVED' : state.status;

/**
 * Whether the lists show the game at all (a game is listed from its first move: db/games.ts `playedGame`)
 * and under which status: a change of either is written promptly, the first move included.
 */
const listedSummary = (record: Pick<GameRecord, 'state' | 'meta'>) =>
  `${listedStatus(record)}:${record.meta.updatedAt !== record.meta.createdAt}`;

/**
 * The D1 index row (and, once complete, the score) of one GameRoom's game, written behind the room's
 * own storage (see writeBehindIndex.ts). A completion and an archive are synced before the room answers;
 * progress is coalesced, one write per PROGRESS_INTERVAL_MS at most.
 */
export class GameIndex extends WriteBehindIndex<GameRecord> {
  constructor(
    storage: DurableObjectStorage,
    deadline: Deadline,
    /** D1, looked up at each write from the room's current env (the tests swap the binding). */
    database: () => Database,
    /** The room's stored record, read afresh at each write. */
    load: () => GameRecord | null,
  ) {
    super({
      storage,
      deadline,
      indexedVersionKey: INDEXED_KEY,
      load,
      write: (record) => writeGameRow(database(), record),
      room: 'GameRoom',
      summary: listedSummary,
    });
  }
}

/** What the lists show of the game, as its index row says it. */
export const listedGame = ({ state, meta }: Pick<GameRecord, 'state' | 'meta'>): ListedGame => ({
  id: meta.id,
  status: listedStatus({ state, meta }),
  totalSum: totalSum(state.sheet),
  progress: progress(state.sheet),
  updatedAt: meta.updatedAt,
});

/**
 * What a completed game counts for: a daily game counts in its day's ranking only, never in the rankings
 * by period; any other is a score. Nothing before it is complete.
 */
function resultOf({ state, meta, daily }: GameRecord): GameResult | null {
  if (state.status !== 'COMPLETED') return null;
  if (daily) return { daily: true };
  return { daily: false, score: scoreOf(state, meta, meta.updatedAt) };
}

/** The game's index row, and what it counts for once complete. Idempotent: a retry changes nothing. */
const writeGameRow = (db: Database, record: GameRecord) =>
  writeGameIndex(db, listedGame(record), resultOf(record));
