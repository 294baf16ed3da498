import { DurableObject } from 'cloudflare:workers';
import { QUICK_MATCH_STALE_MS, ratingWindow } from '../contract/quickMatch';

/** A player waiting in the queue. */
export interface QueueEntry {
  playerId: number;
  rating: number;
  /** When they joined, epoch ms (kept across renewals, so the rating window keeps widening). */
  since: number;
  /** When they last asked, epoch ms; an entry not renewed within QUICK_MATCH_STALE_MS has left. */
  seen: number;
}

/** `matched`: the partner, taken off the queue with the caller; else the caller waits as `waiting`. */
export type JoinResult = { matched: QueueEntry; waiting: null } | { matched: null; waiting: QueueEntry };

const QUEUE_KEY = 'queue';

/**
 * The quick-match queue: one object for everyone (worker/routes/quickMatch.ts `QUICK_MATCH_ROOM`). A
 * join reads, pairs and stores in one synchronous run, so racing joins are served one after another:
 * nobody is paired twice, and two suitable players are never both left waiting.
 */
export class QuickMatch extends DurableObject<Cloudflare.Env> {
  /** The caller joins or renews their entry, and is paired with the nearest waiting rating in reach. */
  join(playerId: number, rating: number, now = Date.now()): JoinResult {
    const queue = this.#fresh(now);
    const mine = queue.find((e) => e.playerId === playerId);
    const me: QueueEntry = { playerId, rating, since: mine?.since ?? now, seen: now };
    let partner: QueueEntry | null = null;
    for (const other of queue) {
      if (other.playerId === playerId) continue;
      const waited = now - Math.min(me.since, other.since);
      const gap = Math.abs(other.rating - rating);
      if (gap > ratingWindow(waited)) continue;
      if (
        !partner ||
        gap < Math.abs(partner.rating - rating) ||
        (gap === Math.abs(partner.rating - rating) && other.since < partner.since)
      )
        partner = other;
    }
    const rest = queue.filter((e) => e.playerId !== playerId && e.playerId !== partner?.playerId);
    this.#save(partner ? rest : [...rest, me]);
    return partner ? { matched: partner, waiting: null } : { matched: null, waiting: me };
  }

  /** The player leaves the queue (they left the page, or chose the bot); leaving twice is no error. */
  leave(playerId: number) {
    this.#save(this.#fresh(Date.now()).filter((e) => e.playerId !== playerId));
  }

  /** A pairing whose clash could not be opened: the partner goes back, as they were. */
  putBack(entry: QueueEntry) {
    const queue = this.#fresh(Date.now()).filter((e) => e.playerId !== entry.playerId);
    this.#save([...queue, { ...entry, seen: Date.now() }]);
  }

  /** Who is waiting now (the tests and the benchmark read it). */
  waiting(): QueueEntry[] {
    return this.#fresh(Date.now());
  }

  #fresh(now: number): QueueEntry[] {
    const queue = this.ctx.storage.kv.get<QueueEntry[]>(QUEUE_KEY) ?? [];
    return queue.filter((e) => now - e.seen < QUICK_MATCH_STALE_MS);
  }

  #save(queue: QueueEntry[]) {
    this.ctx.storage.kv.put(QUEUE_KEY, queue);
  }
}
