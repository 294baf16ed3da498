import type { GameState } from './types';

// The rules of a clash between 2 and 3 players: its state and members, who may join or be removed, whose
// turn it is, what a turn that ran out of time does, who wins and who is rated. The room, the resource
// renderer and the web (through the links rendered from here) ask these; contract/clashRules.ts re-exports
// the numbers for the web.

export const CLASH_MIN_PLAYERS = 2;
export const CLASH_MAX_PLAYERS = 3;
/** The turn clocks a clash may have (seconds a turn; null: untimed, for friends' clashes). */
export const TURN_SECONDS = [30, 60, 120] as const;
export type TurnSeconds = (typeof TURN_SECONDS)[number];
/** Turns in a row a player may let their clock run out; the next one forfeits them. */
export const CLASH_MISSED_TURNS_FORFEIT = 3;
/**
 * A clash is rated only when every player filled at least this many boxes themselves: a turn that ran out
 * fills nothing, so a second account that lets its clock run out never feeds a rating.
 */
export const CLASH_RATED_MIN_FILLS = 5;
/** An untimed clash whose player on turn has not moved for this many days lets the others pass that turn. */
export const CLASH_STALL_DAYS = 7;
export const CLASH_STALL_MS = CLASH_STALL_DAYS * 24 * 60 * 60 * 1000;

/**
 * CANCELLED: a decline left the owner alone, or nobody answered in time. ABANDONED: it ended with
 * everybody gone, the last player standing having let their own turn run out too: no winner, no rating.
 */
export type ClashStatus = 'PENDING' | 'IN_PROGRESS' | 'COMPLETED' | 'ABANDONED' | 'CANCELLED';
export type ClashType = 'LIVE';
/** A player's answer to the clash's invitation. */
export type ClashPlayerStatus = 'PENDING' | 'ACCEPTED' | 'DECLINED';

/** A clash's player as the room stores it and the D1 index reads it. */
export interface ClashMember {
  id: number;
  name: string;
  avatarKey: string | null;
  status: ClashPlayerStatus;
  score: number | null;
  gameId: number | null;
  /** The practice bot, whose turns the room plays; absent in records stored before the bot came. */
  bot?: boolean;
  /** Turns in a row whose clock ran out; reset by a turn played. */
  missed?: number;
  /** Out of the clash after too many missed turns: skipped from then on, ranked below those who played on. */
  forfeited?: boolean;
  /** Forfeited by resigning, not by the clock. */
  resigned?: boolean;
  /** Read from the D1 index only: the place written at the end (rooms compute it). */
  place?: number | null;
}

/** What a clash is, whether read from its room or from the D1 index. Times are epoch ms. */
export interface ClashView {
  id: number;
  name: string;
  type: ClashType;
  status: ClashStatus;
  owner: { id: number; name: string };
  /** In turn order, the owner first. */
  players: ClashMember[];
  turn: number;
  /** The turn clock (null or absent: untimed). */
  turnSeconds?: TurnSeconds | null;
  /** When the turn on the clock runs out, epoch ms; null when untimed or not in progress. */
  turnDeadline?: number | null;
  /**
   * When the turn of the player on turn began, epoch ms; absent in records stored before the stall rule
   * (their updatedAt stands in: the last change was the turn's start or a move in it, so it never comes early).
   */
  turnStartedAt?: number | null;
  /** Paired by the quick-match queue. */
  quickMatch?: boolean;
  /**
   * Read from the D1 index, which knows neither the clock nor who forfeited: the links that depend on
   * them (resign, pass) come from the room only.
   */
  indexed?: boolean;
  createdAt: number;
  updatedAt: number;
}

/**
 * Who has accepted a clash the moment they are put in it: its owner, the practice bot, and both players of
 * a quick match. The D1 rows and the room decide it here, so they never disagree.
 */
export const acceptsAtOnce = (player: { id: number; bot?: boolean }, ownerId: number, quickMatch = false) =>
  quickMatch || player.bot === true || player.id === ownerId;

/**
 * A clash that never started: pending, or cancelled before its start (only a pending clash is ever
 * cancelled). It is its players' business: to anyone else it does not exist.
 */
export const neverStarted = (status: ClashStatus): boolean => status === 'PENDING' || status === 'CANCELLED';

/**
 * When an untimed clash's player on turn counts as stalling (CLASH_STALL_MS after their turn began), so
 * that the others may pass their turn; null for a timed clash, whose clock passes it, or one not played.
 */
export function stalledAt(clash: ClashView): number | null {
  if (clash.status !== 'IN_PROGRESS' || clash.indexed === true || clash.turnSeconds) return null;
  return (clash.turnStartedAt ?? clash.updatedAt) + CLASH_STALL_MS;
}

/**
 * Whether the player at `index` ranks above the one at `other`: everyone who played on ranks above every
 * forfeited player (leaving the clash is the result), then the higher total. Forfeited players rank
 * among themselves by their totals too, so two who left with different totals do not share a place.
 */
const above = (totals: readonly number[], forfeited: readonly boolean[], index: number, other: number) => {
  const out = forfeited[index] === true;
  const otherOut = forfeited[other] === true;
  if (out !== otherOut) return !out;
  return (totals[index] ?? 0) > (totals[other] ?? 0);
};

/**
 * The player on turn after `turn` has filled a box: the next one in turn order whose game is still in
 * progress, or null when every game is complete. One fill is one turn.
 */
export function nextTurn(turn: number, complete: readonly boolean[]): number | null {
  const count = complete.length;
  for (let step = 1; step <= count; step++) {
    const candidate = (turn + step) % count;
    if (!complete[candidate]) return candidate;
  }
  return null;
}

/** Who wears the crown: every player tied on the best total (forfeited players never), by turn order. */
export function crowned(totals: readonly number[], forfeited: readonly boolean[] = []): number[] {
  const playedOn = totals.flatMap((_, index) => (forfeited[index] ? [] : [index]));
  if (playedOn.length === 0) return [];
  const best = Math.max(...playedOn.map((index) => totals[index] ?? 0));
  return playedOn.filter((index) => totals[index] === best);
}

/**
 * Places, best first: those who played on by total, then the forfeited by total; tied totals share a
 * place (1, 1, 3). The final ranking, the crowns, the ratings and head-to-head all count by this.
 */
export function places(totals: readonly number[], forfeited: readonly boolean[] = []): number[] {
  return totals.map(
    (_, index) => 1 + totals.filter((__, other) => above(totals, forfeited, other, index)).length,
  );
}

/**
 * The turn of a player whose clock ran out: their dice are thrown away and nothing is filled, so their
 * next turn starts from a fresh roll. The sheet, and what undo would need, stay as they were.
 */
export function timedOut(state: GameState): GameState {
  if (state.status !== 'IN_PROGRESS') return state;
  return { ...state, rollCount: 0, announcement: null, latestDiceRolled: [] };
}
