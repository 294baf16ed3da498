import { type Refusal, refuse } from './gameRecord';

// How a room that holds games stores its record and deletes itself, the same in GameRoom and ClashRoom.

/** The part of a room's D1 index writer a commit tells (writeBehindIndex.ts). */
interface IndexedVersions {
  isCurrent(version: number): boolean;
  changed(wasIndexed: boolean): void;
}

/**
 * A room's record under one storage key, with a version the D1 index follows. Its calls are synchronous
 * storage calls: made in one run with the alarms they set, they commit together.
 */
export class VersionedStore<R extends { version: number }> {
  constructor(
    private readonly kv: SyncKvStorage,
    private readonly key: string,
  ) {}

  load(): R | null {
    return this.kv.get<R>(this.key) ?? null;
  }

  /** Stores a change the index does not hold (a name, an access): the version stays. */
  put(record: R) {
    this.kv.put(this.key, record);
  }

  /**
   * Stores the successor of `record` with the next version and, when the index was current, the alarm
   * that brings it up to date. A stale index already has an alarm pending, and rescheduling it on every
   * move would starve it. The caller broadcasts it.
   */
  commit(record: R, next: Omit<R, 'version'>, index: IndexedVersions): R {
    const wasIndexed = index.isCurrent(record.version);
    const stored = { ...next, version: record.version + 1 } as R;
    this.put(stored);
    index.changed(wasIndexed);
    return stored;
  }
}

/**
 * Deletes a room for good with nothing else running in between, so no move lands on a room half deleted:
 * `hold` says what goes (or refuses), then its D1 rows, then the storage and the alarm, so the write-behind
 * index cannot bring a row back. A D1 failure is answered 503 and deletes nothing.
 */
export async function eraseRoom<H, R, F extends { ok: false }>(
  ctx: DurableObjectState,
  steps: {
    hold: () => { ok: true; held: H } | F;
    deleteRows: (held: H) => Promise<R>;
    log: (what: string, error: unknown) => void;
  },
): Promise<{ ok: true; held: H; rows: R } | F | Refusal> {
  return ctx.blockConcurrencyWhile(async () => {
    const hold = steps.hold();
    if (!hold.ok) return hold;
    let rows: R;
    try {
      rows = await steps.deleteRows(hold.held);
    } catch (error) {
      // Thrown out of blockConcurrencyWhile, an error would reset the object: answer it instead.
      steps.log('delete', error);
      return refuse(503, 'service-unavailable');
    }
    await ctx.storage.deleteAll();
    await ctx.storage.deleteAlarm();
    return { ok: true as const, held: hold.held, rows };
  });
}
