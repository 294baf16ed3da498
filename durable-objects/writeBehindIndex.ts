import { type Deadline, logRoomError } from './alarms';

/**
 * Default write-behind delay of a room's D1 index. Awaiting a D1 write on every move tripled a move's
 * latency (bench/latency.mjs: roll p50 3.4x the bare room round trip, 1.4x without it), so moves answer
 * once the room's own storage has them and the index follows within this delay, one write for any number
 * of moves in between. A room writes what must not wait (a game's score, an archive) with `sync()` before
 * answering.
 */
export const INDEX_DELAY_MS = 1_000;
export const INDEX_RETRY_MS = 10_000;

/** A stored record the index follows: every change bumps `version`. */
export interface Versioned {
  version: number;
}

export interface WriteBehindIndexOptions<R extends Versioned> {
  /** The room's storage: the indexed version lives there, beside the record. */
  storage: DurableObjectStorage;
  /** The room's deadline that brings a stale index up to date (a share of its one alarm, alarms.ts). */
  deadline: Deadline;
  /** The storage key under which the version the index holds is kept. */
  indexedVersionKey: string;
  /** The room's stored record, read afresh at each write (null before the room has one). */
  load: () => R | null;
  /**
   * Writes the record's D1 rows. Must be idempotent: a write whose answer was lost is written again.
   * Look D1 up inside it, from the room's current env, rather than capturing it once.
   */
  write: (record: R) => Promise<void>;
  /** Names the room in the error log. */
  room: string;
}

/**
 * A room's D1 rows, written behind the room's own storage. The room's storage keeps which record
 * version the index has (`indexedVersionKey`) and the deadline that brings a stale index up to date, so
 * the index converges across evictions and restarts. The room calls `schedule()` in the same synchronous
 * run as the change that made the index stale, and `sync()` when the deadline fires.
 */
export class WriteBehindIndex<R extends Versioned> {
  #indexing: Promise<boolean> = Promise.resolve(true);

  constructor(private readonly options: WriteBehindIndexOptions<R>) {}

  /** The index holds `version` already (the Worker inserted the rows with the room's first values). */
  markCurrent(version: number) {
    this.options.storage.kv.put(this.options.indexedVersionKey, version);
  }

  /** True when the index holds `version` of the record or a later one. */
  isCurrent(version: number): boolean {
    return this.#indexedVersion() >= version;
  }

  /**
   * Sets the alarm that writes the index after `delayMs`. Synchronous storage calls made together commit
   * together, so called in the same synchronous run as the change that made the index stale, the alarm
   * is stored with the state.
   */
  schedule(delayMs = INDEX_DELAY_MS) {
    this.options.deadline.set(Date.now() + delayMs);
  }

  /**
   * Brings the D1 index up to the stored record. A D1 call opens the input gate, so another action may
   * commit while a write is in flight; chaining the writes keeps an older record from landing after a
   * newer one. Resolves false when D1 refused (the alarm retries after INDEX_RETRY_MS).
   */
  sync(): Promise<boolean> {
    this.#indexing = this.#indexing
      .then(() => this.#writeIfStale())
      .catch((error) => {
        this.#logError('index-write')(error);
        this.schedule(INDEX_RETRY_MS);
        return false;
      });
    return this.#indexing;
  }

  #indexedVersion(): number {
    return this.options.storage.kv.get<number>(this.options.indexedVersionKey) ?? 0;
  }

  /** Writes the stored record unless the index has it, then settles the alarm. */
  async #writeIfStale(): Promise<boolean> {
    const record = this.options.load();
    if (!record || this.#indexedVersion() >= record.version) return true;
    await this.options.write(record);
    this.markCurrent(record.version);
    // Changes made while D1 was answering found the index stale and left the alarm to us.
    if (this.options.load()?.version !== record.version) this.schedule(INDEX_DELAY_MS);
    else this.options.deadline.clear();
    return true;
  }

  #logError(what: string) {
    return (error: unknown) => logRoomError(this.options.room)(what, error);
  }
}
