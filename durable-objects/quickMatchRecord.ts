import type { PresetName } from '../game/rules';
import type { NewClashPlayer } from './clashRecord';

/** The ids of a quick match's clash and of its two games, taken in D1 before anyone needed them. */
export interface ReservedClashIds {
  clashId: number;
  /** One per player, in turn order. */
  gameIds: number[];
}

/** A player waiting in the queue. */
export interface QueueEntry {
  playerId: number;
  rating: number;
  /** When they joined, epoch ms (kept across renewals, so the rating window keeps widening). */
  since: number;
  /** When they last asked, epoch ms; an API client's entry not renewed within QUICK_MATCH_STALE_MS has left. */
  seen: number;
  /**
   * The id of the queue's socket they wait on: such an entry lasts exactly while that socket is open, and
   * is never renewed. Absent for an API client (POST /api/quick-match), who renews instead.
   */
  socket?: string;
  /**
   * Who they are, as their clash's room needs them, read from D1 at their last join or renewal: the
   * pairing opens the clash without reading D1 again. A ban or a sign-out everywhere takes them off the
   * queue (worker/auth/access.ts `pushAccess`), so what is kept here never lets an ended token in.
   */
  player: NewClashPlayer;
  /** The preset they want to play: only entries of the same preset are paired. Absent in older entries: CLASSIC. */
  preset?: PresetName;
}

/** Who asks to join: as their clash's room needs them, their displayed rating, and the preset they play. */
export interface Joiner {
  player: NewClashPlayer;
  rating: number;
  preset: PresetName;
}

/** How a join is made: when, on which of the queue's sockets (none: an API client), for which preset. */
export interface JoinOptions {
  now?: number;
  socket?: string;
  /** CLASSIC when left out. */
  preset?: PresetName;
}

/**
 * `matched`: the partner, taken off the queue with the caller, and ids reserved for their clash (null
 * when none are left: the caller opens the clash through D1); else the caller waits as `waiting`.
 */
export type JoinResult =
  | { matched: QueueEntry; waiting: null; reserved: ReservedClashIds | null; seated?: undefined }
  | { matched: null; waiting: QueueEntry; reserved: null; seated?: undefined }
  /**
   * Not queued: a pairing seated them in the clash `seated` (null: still being opened); see `release`.
   * `opening`: the seat is young enough for its clash to be still opening, so a room that does not hold
   * it yet (a pairing with reserved ids creates the room just after) is no reason to let them go.
   */
  | { matched: null; waiting: null; reserved: null; seated: number | null; opening: boolean };

/** A join that met someone. */
export type Pairing = Extract<JoinResult, { matched: QueueEntry }>;
