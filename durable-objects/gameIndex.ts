import { eq } from 'drizzle-orm';
import { progress, totalSum } from '../game';
import type { Database } from '../worker/db/client';
import { games, scores } from '../worker/db/schema';
import type { GameRecord } from './GameRoom';

const INDEXED_KEY = 'indexed-version';
/**
 * Write-behind delay of the D1 index. Awaiting a D1 write on every move tripled a move's latency
 * (bench/latency.mjs: roll p50 3.4x the bare room round trip, 1.4x without it), so moves answer once
 * the room's own storage has them and the index follows within this delay, one write for any number
 * of moves in between. A completion (the score) and an archive are written before answering.
 */
const INDEX_DELAY_MS = 1_000;
const INDEX_RETRY_MS = 10_000;

/**
 * The D1 index row (and, once complete, the score) of one GameRoom's game, written behind the room's
 * own storage. The room's storage keeps which record version the index has (INDEXED_KEY) and the
 * alarm that brings a stale index up to date, so the index converges across evictions and restarts.
 */
export class GameIndex {
  #indexing: Promise<boolean> = Promise.resolve(true);

  constructor(
    private readonly storage: DurableObjectStorage,
    /** D1, looked up at each write from the room's current env (the tests swap the binding). */
    private readonly database: () => Database,
    /** The room's stored record, read afresh at each write. */
    private readonly load: () => GameRecord | null,
  ) {}

  /** The index holds `version` already (the Worker inserted the row with the room's first values). */
  markCurrent(version: number) {
    this.storage.kv.put(INDEXED_KEY, version);
  }

  /** True when the index holds `version` of the record or a later one. */
  isCurrent(version: number): boolean {
    return this.#indexedVersion() >= version;
  }

  /**
   * Sets the alarm that writes the index after INDEX_DELAY_MS. Called in the same synchronous run as
   * the change that made the index stale, so the alarm is stored with the state.
   */
  schedule(delayMs = INDEX_DELAY_MS) {
    this.storage.setAlarm(Date.now() + delayMs).catch(logError('set-alarm'));
  }

  /**
   * Brings the D1 index (and, once complete, the score) up to the stored state. A D1 call opens the
   * input gate, so another action may commit while a write is in flight; chaining the writes keeps
   * an older state from landing after a newer one. Resolves false when D1 refused (the alarm retries).
   */
  sync(): Promise<boolean> {
    this.#indexing = this.#indexing
      .then(() => this.#write())
      .catch((error) => {
        logError('index-write')(error);
        this.schedule(INDEX_RETRY_MS);
        return false;
      });
    return this.#indexing;
  }

  #indexedVersion(): number {
    return this.storage.kv.get<number>(INDEXED_KEY) ?? 0;
  }

  async #write(): Promise<boolean> {
    const record = this.load();
    if (!record || this.#indexedVersion() >= record.version) return true;
    const { state, meta } = record;
    const total = totalSum(state.sheet);
    const db = this.database();
    const update = db
      .update(games)
      .set({
        status: meta.archived ? 'ARCHIVED' : state.status,
        totalSum: total,
        progress: progress(state.sheet),
        updatedAt: meta.updatedAt,
      })
      .where(eq(games.id, meta.id));
    if (state.status === 'COMPLETED') {
      // Unique on game id: a retried write after a lost answer never counts the game twice.
      const score = db
        .insert(scores)
        .values({ playerId: meta.player.id, gameId: meta.id, value: total, createdAt: meta.updatedAt })
        .onConflictDoNothing({ target: scores.gameId });
      await db.batch([update, score]);
    } else {
      await update;
    }
    this.storage.kv.put(INDEXED_KEY, record.version);
    // Moves made while D1 was answering found the index stale and left the alarm to us.
    if (this.load()?.version !== record.version) this.schedule(INDEX_DELAY_MS);
    else this.storage.deleteAlarm().catch(logError('delete-alarm'));
    return true;
  }
}

function logError(what: string) {
  return (error: unknown) =>
    console.error(JSON.stringify({ level: 'ERROR', room: 'GameRoom', what, error: String(error) }));
}
