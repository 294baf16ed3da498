import { clashRules, ended, settledGames } from '../game';
import { clashGameRows } from '../worker/db/clashes';
import type { Database } from '../worker/db/client';
import { Alarms } from './alarms';
import type { ClashChange } from './clashChange';
import { type ClashDeadline, followClock } from './clashClock';
import { ClashIndex } from './clashIndex';
import { owesEnded } from './clashNotices';
import type { ClashRecord } from './clashRecord';
import { nextUpdatedAt } from './roomKit';
import { VersionedStore } from './roomStorage';

const CLASH_KEY = 'clash';

/**
 * A ClashRoom's storage: its record under one key, versioned for the D1 index writer (clashIndex.ts), with
 * the deadlines that follow it (clashClock.ts). A commit is one synchronous run of storage calls, so the
 * record, its deadlines and the index's alarm are stored together.
 */
export class ClashState {
  readonly alarms: Alarms<ClashDeadline>;
  readonly index: ClashIndex;
  readonly #store: VersionedStore<ClashRecord>;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly database: () => Database,
    log: (what: string, error: unknown) => void,
  ) {
    this.alarms = new Alarms<ClashDeadline>(storage, log);
    this.#store = new VersionedStore<ClashRecord>(storage.kv, CLASH_KEY);
    this.index = new ClashIndex(storage, this.alarms.deadline('index'), database, () => this.load());
  }

  /**
   * The D1 games rows a start gives its players, in turn order: found first, so a retry after a crash reuses
   * them, or inserted; with reserved ids, those (the index's first write inserts their rows).
   */
  async gameRows(record: ClashRecord, reservedGameIds: number[] | undefined, now: number) {
    const { players, id } = record.clash;
    const rules = clashRules(record.clash);
    if (!reservedGameIds) return clashGameRows(this.database(), { id, rules }, players, now);
    return players.map((p, i) => ({ id: reservedGameIds[i] ?? 0, playerId: p.id, createdAt: now }));
  }

  load(): ClashRecord | null {
    return this.#store.load();
  }

  /** Stores a change the index does not hold (an access). */
  put(record: ClashRecord) {
    this.#store.put(record);
  }

  /**
   * Stores the successor of `record`: the next version, a later updatedAt, its games settled once it ended,
   * its deadlines and, when the index was current, the alarm that brings it up to date.
   */
  commit(record: ClashRecord, change: ClashChange): ClashRecord {
    const clash = { ...change.clash, updatedAt: nextUpdatedAt(record.clash.updatedAt) };
    const games = settledGames(clash, change.games ?? record.games);
    const access = change.access ?? record.access;
    const next = this.#store.commit(record, { clash, games, access }, this.index);
    followClock(this.alarms, record.clash, next.clash, Date.now());
    if (ended(next.clash) && !ended(record.clash)) owesEnded(this.storage.kv);
    return next;
  }
}
