/** One named deadline of a room, as the part of the room that owns it sees it. */
export interface Deadline {
  /** Fires at `at` (epoch ms), replacing any earlier setting of this deadline. */
  set(at: number): void;
  clear(): void;
  /** When it fires, if it is set. */
  at(): number | null;
}

/**
 * A Durable Object has a single alarm; this shares it out among named deadlines (the D1 index write,
 * a pending clash's expiry, ...). The deadlines are stored in the room's storage beside its state, and
 * the alarm is always set to the earliest of them, so each one survives eviction and restart. Its calls
 * are synchronous storage calls: made in the same synchronous run as a change, they commit with it.
 */
export class Alarms<Name extends string> {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly onError: (what: string, error: unknown) => void,
    private readonly key = 'alarms',
  ) {}

  deadline(name: Name): Deadline {
    return { set: (at) => this.set(name, at), clear: () => this.clear(name), at: () => this.at(name) };
  }

  set(name: Name, at: number) {
    this.#save({ ...this.#all(), [name]: at });
  }

  clear(name: Name) {
    const all = this.#all();
    if (!(name in all)) return;
    delete all[name];
    this.#save(all);
  }

  /** When `name` fires, if it is set. */
  at(name: Name): number | null {
    return this.#all()[name] ?? null;
  }

  /** The deadlines whose time has come, taken off the list (call from `onAlarm`, then act on each). */
  due(now = Date.now()): Name[] {
    const all = this.#all();
    const due = (Object.keys(all) as Name[]).filter((name) => (all[name] ?? Infinity) <= now);
    for (const name of due) delete all[name];
    this.#save(all);
    return due;
  }

  #all(): Partial<Record<Name, number>> {
    return this.storage.kv.get<Partial<Record<Name, number>>>(this.key) ?? {};
  }

  #save(all: Partial<Record<Name, number>>) {
    this.storage.kv.put(this.key, all);
    const times = Object.values<number | undefined>(all).filter((at): at is number => at !== undefined);
    if (times.length === 0) this.storage.deleteAlarm().catch((error) => this.onError('delete-alarm', error));
    else this.storage.setAlarm(Math.min(...times)).catch((error) => this.onError('set-alarm', error));
  }
}

/** How a room reports a failure nobody awaits (an alarm not set, an index write refused). */
export const logRoomError = (room: string) => (what: string, error: unknown) =>
  console.error(JSON.stringify({ level: 'ERROR', room, what, error: String(error) }));
