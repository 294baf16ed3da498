import { DurableObject } from 'cloudflare:workers';
import { QUICK_MATCH_STALE_MS, ratingWindow } from '../contract/quickMatch';
import { type ReservedClashIds, reserveClashIds } from '../worker/db/clashes';
import { database } from '../worker/db/client';
import { logRoomError } from './alarms';
import type { NewClashPlayer } from './clashRecord';

/** A player waiting in the queue. */
export interface QueueEntry {
  playerId: number;
  rating: number;
  /** When they joined, epoch ms (kept across renewals, so the rating window keeps widening). */
  since: number;
  /** When they last asked, epoch ms; an entry not renewed within QUICK_MATCH_STALE_MS has left. */
  seen: number;
  /**
   * Who they are, as their clash's room needs them, read from D1 at their last join or renewal: the
   * pairing opens the clash without reading D1 again. A ban or a sign-out everywhere takes them off the
   * queue (worker/auth/access.ts `pushAccess`), so what is kept here never lets an ended token in.
   */
  player: NewClashPlayer;
}

/**
 * `matched`: the partner, taken off the queue with the caller, and ids reserved for their clash (null
 * when none are left: the caller opens the clash through D1); else the caller waits as `waiting`.
 */
export type JoinResult =
  | { matched: QueueEntry; waiting: null; reserved: ReservedClashIds | null; seated?: undefined }
  | { matched: null; waiting: QueueEntry; reserved: null; seated?: undefined }
  /** Not queued: a pairing seated them in the clash `seated` (null: still being opened); see `release`. */
  | { matched: null; waiting: null; reserved: null; seated: number | null };

/** The clash a pairing put a player in (issue 23: one quick match at a time); null while it is opened. */
interface Seat {
  clashId: number | null;
  at: number;
}

const QUEUE_KEY = 'queue';
const RESERVED_KEY = 'reserved';
/**
 * Ids for this many clashes are kept at hand; taken below RESERVE_LOW, the queue reserves more (at most
 * 4 at a time: 8 game rows are 40 of the 100 variables a D1 statement may bind). Pairings faster than
 * the reserve fills open their clash through D1, a few milliseconds slower.
 */
const RESERVE_SIZE = 4;
const RESERVE_LOW = 2;
const SEATS_KEY = 'seats';
/** A clash still being opened after this long failed without its partner being put back: forgotten. */
const SEAT_OPENING_MS = 60_000;
/**
 * A quick match is over well within this (two players, 52 turns each on a 60 s clock): a seat this old
 * is forgotten without asking its clash, so the list stays small.
 */
const SEAT_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The quick-match queue: one object for everyone (worker/auth/access.ts `quickMatchQueue`). A
 * join reads, pairs and stores in one synchronous run, so racing joins are served one after another:
 * nobody is paired twice, and two suitable players are never both left waiting.
 *
 * It also keeps D1 ids reserved for the next clashes (`reserveClashIds`), so that a pairing goes
 * straight to the clash's room: the players hear of their match without waiting on D1 (issue 15: the
 * second join to both sockets within 2× the bare room round trip).
 */
export class QuickMatch extends DurableObject<Cloudflare.Env> {
  #reserving = false;

  /**
   * The caller joins or renews their entry, and is paired with the nearest waiting rating in reach. A
   * player a pairing seated in a clash is not queued again (answered `seated`) until `release`d: this
   * runs with the pairing in one synchronous run, so a join racing a pairing can never seat anyone twice.
   */
  join(player: NewClashPlayer, rating: number, now = Date.now()): JoinResult {
    const seats = this.#seats(now);
    const seat = seats[String(player.id)];
    if (seat) return { matched: null, waiting: null, reserved: null, seated: seat.clashId };
    const queue = this.#fresh(now);
    const mine = queue.find((e) => e.playerId === player.id);
    const me: QueueEntry = { playerId: player.id, rating, since: mine?.since ?? now, seen: now, player };
    let partner: QueueEntry | null = null;
    for (const other of queue) {
      if (other.playerId === player.id) continue;
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
    const rest = queue.filter((e) => e.playerId !== player.id && e.playerId !== partner?.playerId);
    this.#save(partner ? rest : [...rest, me]);
    const reserved = partner ? this.#takeReserved() : null;
    if (partner) {
      const taken: Seat = { clashId: reserved?.clashId ?? null, at: now };
      this.#saveSeats({ ...seats, [player.id]: taken, [partner.playerId]: taken });
    }
    this.#reserveMore(player.id);
    return partner
      ? { matched: partner, waiting: null, reserved }
      : { matched: null, waiting: me, reserved: null };
  }

  /** The player leaves the queue (they left the page, chose the bot, or their access ended). */
  leave(playerId: number) {
    this.#save(this.#fresh(Date.now()).filter((e) => e.playerId !== playerId));
  }

  /**
   * A pairing whose clash could not be opened: the partner goes back, as they were, and neither of the
   * two (`callerId`, who asked) is seated any more.
   */
  putBack(entry: QueueEntry, callerId?: number) {
    const queue = this.#fresh(Date.now()).filter((e) => e.playerId !== entry.playerId);
    this.#save([...queue, { ...entry, seen: Date.now() }]);
    const seats = this.#seats(Date.now());
    delete seats[String(entry.playerId)];
    if (callerId !== undefined) delete seats[String(callerId)];
    this.#saveSeats(seats);
  }

  /** The pairing's clash was opened through D1 (no reserved ids): its two players' seats name it. */
  opened(playerIds: number[], clashId: number) {
    const seats = this.#seats(Date.now());
    for (const id of playerIds) {
      const seat = seats[String(id)];
      if (seat && seat.clashId === null) seats[String(id)] = { ...seat, clashId };
    }
    this.#saveSeats(seats);
  }

  /** The player's clash `clashId` is over for them (ended, or they forfeited): they may be paired again. */
  release(playerId: number, clashId: number) {
    const seats = this.#seats(Date.now());
    if (seats[String(playerId)]?.clashId !== clashId) return;
    delete seats[String(playerId)];
    this.#saveSeats(seats);
  }

  /** Who is waiting now (the tests and the benchmark read it). */
  waiting(): QueueEntry[] {
    return this.#fresh(Date.now());
  }

  /** The ids at hand, the next first (the tests read them). */
  reservedIds(): ReservedClashIds[] {
    return this.#reserved();
  }

  #fresh(now: number): QueueEntry[] {
    const queue = this.ctx.storage.kv.get<QueueEntry[]>(QUEUE_KEY) ?? [];
    return queue.filter((e) => now - e.seen < QUICK_MATCH_STALE_MS);
  }

  /** The seats still held: a clash opening for too long, or a seat older than any quick match, is dropped. */
  #seats(now: number): Record<string, Seat> {
    const seats = this.ctx.storage.kv.get<Record<string, Seat>>(SEATS_KEY) ?? {};
    return Object.fromEntries(
      Object.entries(seats).filter(
        ([, seat]) => now - seat.at < (seat.clashId === null ? SEAT_OPENING_MS : SEAT_TTL_MS),
      ),
    );
  }

  #saveSeats(seats: Record<string, Seat>) {
    this.ctx.storage.kv.put(SEATS_KEY, seats);
  }

  #save(queue: QueueEntry[]) {
    this.ctx.storage.kv.put(QUEUE_KEY, queue);
  }

  #reserved(): ReservedClashIds[] {
    return this.ctx.storage.kv.get<ReservedClashIds[]>(RESERVED_KEY) ?? [];
  }

  /** The next reserved ids, taken in the same synchronous run as the pairing: no two clashes share them. */
  #takeReserved(): ReservedClashIds | null {
    const [next, ...rest] = this.#reserved();
    this.ctx.storage.kv.put(RESERVED_KEY, rest);
    return next ?? null;
  }

  /**
   * Tops the reserve up in the background when it runs low (one at a time). `byPlayerId` is a player
   * who exists, whom the reserving rows name for the moment they live. A failure leaves the reserve as it
   * is: pairings then open their clash through D1 as a clash from the form does.
   */
  #reserveMore(byPlayerId: number) {
    const missing = RESERVE_SIZE - this.#reserved().length;
    if (this.#reserving || RESERVE_SIZE - missing >= RESERVE_LOW) return;
    this.#reserving = true;
    const reserving = reserveClashIds(database(this.env.DB), byPlayerId, missing)
      .then((ids) => this.ctx.storage.kv.put(RESERVED_KEY, [...this.#reserved(), ...ids]))
      .catch((error) => logRoomError('QuickMatch')('reserve-ids', error))
      .finally(() => {
        this.#reserving = false;
      });
    this.ctx.waitUntil(reserving);
  }
}
