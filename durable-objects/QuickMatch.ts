import { type Connection, type ConnectionContext, Server } from 'partyserver';
import * as v from 'valibot';
import type { ClashResource } from '../contract/clashes';
import { PRESET_NAMES } from '../game/rules';
import { QUICK_MATCH_STALE_MS, type QuickMatchServerMessage, ratingWindow } from '../contract/quickMatch';
import { reserveClashIds } from '../worker/db/clashes';
import { database } from '../worker/db/client';
import { AppError } from '../worker/lib/errors';
import { links } from '../worker/lib/hal';
import { openQuickMatch, stillSeated, tellMatched } from '../worker/lib/quickMatch';
import { clashPath } from '../worker/lib/resources/clashes';
import { ACCESS_ENDED, VIEWER_PROFILE_HEADER } from '../worker/lib/viewer';
import { clashRoom } from '../worker/rooms';
import { logRoomError } from './alarms';
import type { NewClashPlayer } from './clashRecord';
import { greeting } from './greeting';
import { answerPings } from './heartbeat';
import type {
  JoinOptions,
  JoinResult,
  Joiner,
  Pairing,
  QueueEntry,
  ReservedClashIds,
} from './quickMatchRecord';

export type { JoinResult, QueueEntry } from './quickMatchRecord';

/**
 * The clash a pairing put a player in: a player is in one quick match at a time, so the queue seats them
 * again only once that clash is over for them. Null while it is opened.
 */
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

/** How the route hands over who opens the queue's socket (VIEWER_PROFILE_HEADER): a `Joiner`, from D1. */
const JoinerHeader = v.object({
  player: v.object({
    id: v.pipe(v.number(), v.integer(), v.minValue(1)),
    name: v.string(),
    avatarKey: v.nullable(v.string()),
    access: v.object({ tokensValidAfter: v.number(), banned: v.boolean() }),
    bot: v.boolean(),
  }),
  rating: v.number(),
  preset: v.optional(v.picklist(PRESET_NAMES), 'CLASSIC'),
});

function joinerFrom(header: string | null): Joiner | null {
  if (!header) return null;
  try {
    const result = v.safeParse(JoinerHeader, JSON.parse(header));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}

const playerTag = (playerId: number) => `player-${playerId}`;
/** Each of the queue's messages may be a socket's first (WAITING, or a MATCHED or ERROR at once): each greets. */
const say = (connection: Connection, message: QuickMatchServerMessage) =>
  connection.send(greeting(JSON.stringify(message satisfies QuickMatchServerMessage)));

/** A socket closed after its last word (MATCHED or ERROR): the player is not queued on it any more. */
const DONE = 1000;

/**
 * The quick-match queue: one object for everyone (worker/auth/access.ts `quickMatchQueue`). A
 * join reads, pairs and stores in one synchronous run, so racing joins are served one after another:
 * nobody is paired twice, and two suitable players are never both left waiting.
 *
 * The web waits on the queue's own socket (/api/ws/quick-match): opening it joins, and the entry lasts
 * exactly while it is open (an entry names its socket, and one whose socket is gone counts for nothing,
 * also after a hibernation or a restart). One socket per player: a newer one replaces the older, which is
 * told `quick-match-replaced` and closed. API clients join with POST and renew their entry instead.
 *
 * It also keeps D1 ids reserved for the next clashes (`reserveClashIds`), so that a pairing goes
 * straight to the clash's room: the players hear of their match without waiting on D1.
 */
export class QuickMatch extends Server<Cloudflare.Env> {
  static override options = { hibernate: true };

  #reserving = false;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    answerPings(ctx);
  }

  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const joiner = joinerFrom(ctx.request.headers.get(VIEWER_PROFILE_HEADER));
    return joiner ? [playerTag(joiner.player.id)] : [];
  }

  /**
   * The socket joins the queue for its player (the player's tag finds their socket after hibernation); a
   * pairing opens the clash and tells both sockets.
   */
  override async onConnect(connection: Connection, ctx: ConnectionContext) {
    const joiner = joinerFrom(ctx.request.headers.get(VIEWER_PROFILE_HEADER));
    if (!joiner) return connection.close(1008, 'no-player');
    for (const older of this.getConnections(playerTag(joiner.player.id)))
      if (older.id !== connection.id) this.#finish(older, 'quick-match-replaced');
    const join = () =>
      this.join(joiner.player, joiner.rating, { socket: connection.id, preset: joiner.preset });
    let joined = join();
    // One quick match at a time: a seat whose clash is over for the player is given up, and they join.
    const seat = joined.seated;
    if (typeof seat === 'number' && !(await stillSeated(this.env, joiner.player.id, seat, joined.opening))) {
      this.release(joiner.player.id, seat);
      if (this.getConnection(connection.id)) joined = join();
    }
    if (joined.seated !== undefined) return this.#finish(connection, 'quick-match-seated', joined.seated);
    if (!joined.matched)
      return say(connection, { type: 'WAITING', since: new Date(joined.waiting.since).toISOString() });
    // The upgrade is answered at once; the clash opens behind it.
    this.ctx.waitUntil(this.#match(connection, joiner, joined));
  }

  /**
   * The clash's room started the quick match `clash` (as `playerId` sees it): the player's queue socket
   * hears of it now, before the room has brought the D1 index up to date, as the presence channel does.
   */
  matched(playerId: number, clash: ClashResource) {
    for (const connection of this.getConnections(playerTag(playerId))) this.#matched(connection, clash);
  }

  override onClose(connection: Connection) {
    this.#dropSocket(connection.id);
  }

  override onError(connection: Connection) {
    this.#dropSocket(connection.id);
  }

  /**
   * The caller's socket met a waiting player: the clash opens, and its room tells both sockets (`matched`)
   * as soon as it has started it; a socket still open once the clash is opened gets it here. A pairing
   * that failed puts the partner back (still waiting on their socket) and tells the caller why.
   */
  async #match(connection: Connection, joiner: Joiner, pairing: Pairing) {
    const db = database(this.env.DB);
    const partner = pairing.matched;
    let clash: ClashResource;
    try {
      clash = await openQuickMatch(this.env, db, this, joiner, pairing);
    } catch (error) {
      logRoomError('QuickMatch')('open-match', error);
      return this.#finish(connection, error instanceof AppError ? error.key : 'service-unavailable');
    }
    const theirs = partner.socket ? this.getConnection(partner.socket) : undefined;
    if (theirs) this.#matched(theirs, clash);
    if (this.getConnection(connection.id)) {
      const mine = await clashRoom(this.env, clash.id).get(joiner.player.id);
      this.#matched(connection, mine.ok ? mine.clash : clash);
    }
    this.ctx.waitUntil(
      tellMatched(this.env, db, partner.playerId, joiner, clash.id).catch((error) =>
        logRoomError('QuickMatch')('tell-match', error),
      ),
    );
  }

  #matched(connection: Connection, clash: ClashResource) {
    try {
      say(connection, { type: 'MATCHED', clash });
      connection.close(DONE, 'matched');
    } catch {
      // The tab closed meanwhile: the presence channel has told the player's other tabs.
    }
  }

  /** The socket's last word, `key` (and the clash it links), before it closes unmatched. */
  #finish(connection: Connection, key: string, clashId: number | null = null) {
    try {
      say(connection, {
        type: 'ERROR',
        key,
        _links: links({ clash: clashId !== null && clashPath(clashId) }),
      });
      connection.close(DONE, key);
    } catch {
      // Closed already.
    }
  }

  /** The socket `id` closed: its entry leaves the queue (an entry of the same player's newer socket stays). */
  #dropSocket(id: string) {
    const queue = this.ctx.storage.kv.get<QueueEntry[]>(QUEUE_KEY) ?? [];
    if (queue.some((e) => e.socket === id)) this.#save(queue.filter((e) => e.socket !== id));
  }

  /**
   * The caller joins or renews their entry, and is paired with the nearest waiting rating in reach among
   * those who asked for the same preset (an entry stored before presets asked for CLASSIC). A
   * player a pairing seated in a clash is not queued again (answered `seated`) until `release`d: this
   * runs with the pairing in one synchronous run, so a join racing a pairing can never seat anyone twice.
   * `socket`: the queue's socket the caller waits on (none: an API client, who renews).
   */
  join(player: NewClashPlayer, rating: number, options: JoinOptions = {}): JoinResult {
    const { now = Date.now(), socket, preset = 'CLASSIC' } = options;
    const seats = this.#seats(now);
    const seat = seats[String(player.id)];
    if (seat)
      return {
        matched: null,
        waiting: null,
        reserved: null,
        seated: seat.clashId,
        opening: now - seat.at < SEAT_OPENING_MS,
      };
    const queue = this.#fresh(now);
    const mine = queue.find((e) => e.playerId === player.id);
    const me: QueueEntry = {
      playerId: player.id,
      rating,
      // Asking for another preset is a new wait: the rating window starts narrow again.
      since: mine && (mine.preset ?? 'CLASSIC') === preset ? mine.since : now,
      seen: now,
      socket,
      player,
      preset,
    };
    let partner: QueueEntry | null = null;
    for (const other of queue) {
      if (other.playerId === player.id || (other.preset ?? 'CLASSIC') !== preset) continue;
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

  /**
   * The player leaves the queue (an API client's DELETE, or their access ended): their queue socket
   * closes as a session's does (ACCESS_ENDED), so the tab renews its session before it waits again.
   */
  leave(playerId: number) {
    this.#save(this.#fresh(Date.now()).filter((e) => e.playerId !== playerId));
    for (const connection of this.getConnections(playerTag(playerId)))
      connection.close(ACCESS_ENDED, 'session-ended');
  }

  /**
   * A pairing whose clash could not be opened: the partner goes back, as they were, and neither of the
   * two (`callerId`, who asked) is seated any more.
   */
  putBack(entry: QueueEntry, callerId?: number) {
    const queue = this.#fresh(Date.now()).filter((e) => e.playerId !== entry.playerId);
    // A partner whose socket closed meanwhile has left: the entry would count for nothing.
    this.#save(
      [...queue, { ...entry, seen: Date.now() }].filter((e) => !e.socket || this.getConnection(e.socket)),
    );
    const seats = this.#seats(Date.now());
    delete seats[String(entry.playerId)];
    if (callerId !== undefined) delete seats[String(callerId)];
    this.#saveSeats(seats);
  }

  /** The clash a pairing seated the player in (null: being opened), or undefined when none holds them. */
  seatOf(playerId: number): number | null | undefined {
    return this.#seats(Date.now())[String(playerId)]?.clashId;
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

  /** The entries that still count: a socket's while that socket is open, an API client's while renewed. */
  #fresh(now: number): QueueEntry[] {
    const queue = this.ctx.storage.kv.get<QueueEntry[]>(QUEUE_KEY) ?? [];
    return queue.filter((e) =>
      e.socket ? this.getConnection(e.socket) !== undefined : now - e.seen < QUICK_MATCH_STALE_MS,
    );
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
