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

/**
 * How often, at most, a change that only moves a record along (a roll, a fill, an undo of a game in
 * progress: its total, progress and updatedAt) reaches D1, for an index that says what it must show at
 * once (`summary`). D1 is one database with one writer: at INDEX_DELAY_MS every game in play costs about
 * a write a second, so 10,000 games at once would be thousands of writes a second (docs/scale.md); at
 * 10 s it is a tenth of that, and a list shows a game's progress at most 10 s late. A change of the
 * summary (a completion, an archive) is still written within INDEX_DELAY_MS, or synced before the answer.
 */
export const PROGRESS_INTERVAL_MS = 10_000;

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
  /**
   * What a list or ranking must show as soon as it changes (e.g. a game's status). A change that leaves
   * it as the index has it is progress only, written within PROGRESS_INTERVAL_MS; any other within
   * INDEX_DELAY_MS. Without it, every change is written within INDEX_DELAY_MS.
   */
  summary?: (record: R) => string;
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
  markCurrent(version: number, record = this.options.load()) {
    this.options.storage.kv.put(this.options.indexedVersionKey, version);
    const { summary } = this.options;
    if (summary && record?.version === version)
      this.options.storage.kv.put(this.#summaryKey(), summary(record));
  }

  /** True when the index holds `version` of the record or a later one. */
  isCurrent(version: number): boolean {
    return this.#indexedVersion() >= version;
  }

  /**
   * Sets the alarm that writes the index after `delayMs`: by default INDEX_DELAY_MS, or
   * PROGRESS_INTERVAL_MS when the stored record differs from the indexed one by progress only. Synchronous
   * storage calls made together commit together, so called in the same synchronous run as the change that
   * made the index stale, the alarm is stored with the state.
   */
  schedule(delayMs = this.#delay()) {
    this.options.deadline.set(Date.now() + delayMs);
  }

  /**
   * After a stored change (`wasIndexed`: the index had the record before it). A first change schedules
   * the write; a later one brings a pending write forward when it changed what the lists show (a roll
   * waited PROGRESS_INTERVAL_MS, then a fill passed a clash's turn), and never pushes one back, so a
   * steady stream of moves is written at least every PROGRESS_INTERVAL_MS.
   */
  changed(wasIndexed: boolean) {
    if (wasIndexed) return this.schedule();
    const pending = this.options.deadline.at();
    const due = Date.now() + this.#delay();
    if (pending !== null && due < pending) this.options.deadline.set(due);
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

  #summaryKey(): string {
    return `${this.options.indexedVersionKey}-summary`;
  }

  /**
   * Progress only when the stored record's summary is the indexed one. An index written before summaries
   * were kept has none, so its first change is written promptly and records one.
   */
  #delay(): number {
    const { summary, load, storage } = this.options;
    const record = summary ? load() : null;
    if (!summary || !record) return INDEX_DELAY_MS;
    return storage.kv.get<string>(this.#summaryKey()) === summary(record)
      ? PROGRESS_INTERVAL_MS
      : INDEX_DELAY_MS;
  }

  #indexedVersion(): number {
    return this.options.storage.kv.get<number>(this.options.indexedVersionKey) ?? 0;
  }

  /** Writes the stored record unless the index has it, then settles the alarm. */
  async #writeIfStale(): Promise<boolean> {
    const record = this.options.load();
    if (!record || this.#indexedVersion() >= record.version) return true;
    await this.options.write(record);
    this.markCurrent(record.version, record);
    // Changes made while D1 was answering found the index stale and left the alarm to us.
    if (this.options.load()?.version !== record.version) this.schedule();
    else this.options.deadline.clear();
    return true;
  }

  #logError(what: string) {
    return (error: unknown) => logRoomError(this.options.room)(what, error);
  }
}
