import { CLASSIC_RULES, type RuleSet } from './rules';
import type { GameState } from './types';

// The rules of a clash between 2 and 3 players: its state and members, who may join or be removed, whose
// turn it is, what a turn that ran out of time does, who wins and who is rated. The room, the resource
// renderer and the web (through the links rendered from here) ask these; contract/clashRules.ts re-exports
// the numbers for the web.

export const CLASH_MIN_PLAYERS = 2;
export const CLASH_MAX_PLAYERS = 3;
/** A day on the clock, in seconds. */
export const DAY_SECONDS = 24 * 60 * 60;
/**
 * The turn clocks a clash may have (seconds a turn; null: untimed, for friends' clashes): the live ones,
 * played at the screen, and the correspondence ones of 1 and 3 days, played over days.
 */
export const TURN_SECONDS = [30, 60, 120, DAY_SECONDS, 3 * DAY_SECONDS] as const;
export type TurnSeconds = (typeof TURN_SECONDS)[number];
/** A correspondence clock: a day or more a turn (a clock of minutes is a live one). */
export const isCorrespondence = (turnSeconds: number | null | undefined): boolean =>
  (turnSeconds ?? 0) >= DAY_SECONDS;
/** Correspondence clashes (pending or in progress) a player may hold at once. */
export const CORRESPONDENCE_MAX_PER_PLAYER = 30;
/** The "more time" gift: the clock of the player on turn gains this much, once per clash. */
export const MORE_TIME_SECONDS = DAY_SECONDS;
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
  /** A guest who joined by a challenge link: plays, but no rematch can be made with them. */
  guest?: boolean;
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
  /** Once COMPLETED: the rematch one of its players proposed (durable-objects/clashRematch.ts). */
  rematchId?: number;
  /** Who gave the clash's one "more time" gift (a correspondence clash's +1 day), once given. */
  moreTimeBy?: number | null;
  /** The rule set every game of the clash is played by; absent in records stored before rule sets: CLASSIC. */
  rules?: RuleSet;
  /**
   * Read from the D1 index, which knows neither the clock nor who forfeited: the links that depend on
   * them (resign, pass) come from the room only.
   */
  indexed?: boolean;
  createdAt: number;
  updatedAt: number;
}

/** The rule set of the clash's games (a clash stored before rule sets is CLASSIC). */
export const clashRules = (clash: Pick<ClashView, 'rules'>): RuleSet => clash.rules ?? CLASSIC_RULES;

/**
 * Who has accepted a clash the moment they are put in it: its owner, the practice bot, and both players of
 * a quick match. The D1 rows and the room decide it here, so they never disagree.
 */
export const acceptsAtOnce = (player: { id: number; bot?: boolean }, ownerId: number, quickMatch = false) =>
  quickMatch || player.bot === true || player.id === ownerId;

/** Everyone of a new clash accepts at once: a quick match, or a challenge link's clash (its seats were taken). */
export const allAccept = (init: { quickMatch: boolean; origin?: 'challenge' | 'rematch' }) =>
  init.quickMatch || init.origin === 'challenge';

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

/** A rule's refusal: the status and error key the API answers with. */
export interface ClashRefusal {
  status: 400 | 403 | 404 | 409;
  key: string;
}

const refusal = (status: ClashRefusal['status'], key: string): ClashRefusal => ({ status, key });

/** Every remaining player has accepted, and there are enough of them. */
export const readyToStart = (clash: ClashView): boolean =>
  clash.status === 'PENDING' &&
  clash.players.length >= CLASH_MIN_PLAYERS &&
  clash.players.every((p) => p.status === 'ACCEPTED');

/** The player on turn in the running clash, if any. */
export const playerOnTurn = (clash: ClashView): ClashMember | null =>
  (clash.status === 'IN_PROGRESS' ? clash.players[clash.turn] : undefined) ?? null;

/** Whether `gameId`'s player is the one on turn in the running clash. */
export const gameOnTurn = (clash: ClashView, gameId: number): boolean =>
  playerOnTurn(clash)?.gameId === gameId;

/** A clash over: played to the end (or left with one player), or abandoned by everyone. */
export const ended = (clash: Pick<ClashView, 'status'>): boolean =>
  clash.status === 'COMPLETED' || clash.status === 'ABANDONED';

/** The invited players the owner may still take back: anyone but the owner who has not accepted. */
export const removable = (clash: ClashView): ClashMember[] =>
  clash.players.filter((p) => p.id !== clash.owner.id && p.status !== 'ACCEPTED');

/** Why these players may not be invited: already in, or too many in all. */
export function refuseInvite(clash: ClashView, playerIds: readonly number[]): ClashRefusal | null {
  if (playerIds.some((id) => clash.players.some((p) => p.id === id)))
    return refusal(400, 'clash-players-invalid');
  if (clash.players.length + playerIds.length > CLASH_MAX_PLAYERS) return refusal(409, 'clash-full');
  return null;
}

/** Why these players may not be removed: not in, the owner, accepted already, or too few would stay. */
export function refuseRemoval(clash: ClashView, playerIds: readonly number[]): ClashRefusal | null {
  const removed = playerIds.map((id) => clash.players.find((p) => p.id === id));
  if (removed.some((p) => !p || p.id === clash.owner.id)) return refusal(400, 'clash-players-invalid');
  if (removed.some((p) => p?.status === 'ACCEPTED')) return refusal(409, 'clash-player-accepted');
  if (clash.players.length - playerIds.length < CLASH_MIN_PLAYERS) return refusal(409, 'clash-too-small');
  return null;
}

/**
 * What the viewer may do with the clash at `now` (epoch ms: the pass comes with time). The resource's
 * links are rendered from this, and the room refuses by the same rules.
 */
export function clashPermissions(clash: ClashView, viewerId: number | null, now: number) {
  const pending = clash.status === 'PENDING';
  const owner = pending && viewerId === clash.owner.id;
  const invited = pending && clash.players.some((p) => p.id === viewerId && p.status === 'PENDING');
  const seatIndex = clash.players.findIndex((p) => p.id === viewerId);
  const seated =
    clash.status === 'IN_PROGRESS' &&
    clash.indexed !== true &&
    seatIndex >= 0 &&
    clash.players[seatIndex]?.forfeited !== true;
  const stalled = stalledAt(clash);
  return {
    moreTime: viewerId !== null && refuseMoreTime(clash, viewerId) === null,
    answer: invited,
    add: owner && clash.players.length < CLASH_MAX_PLAYERS,
    // The owner may remove when at least one player could go alone.
    remove: owner && removable(clash).some((p) => refuseRemoval(clash, [p.id]) === null),
    delete: owner,
    resign: seated,
    pass: seated && seatIndex !== clash.turn && stalled !== null && now >= stalled,
    // A rematch is made of registered players: with a guest among them there is none to offer.
    rematch: clash.status === 'COMPLETED' && seatIndex >= 0 && !clash.players.some((p) => p.guest),
  };
}

/**
 * The indices (in turn order) of the players who wear the crown: none until the clash is completed, and
 * none in an abandoned one. Read from the D1 index, whose players carry their places but not who
 * forfeited, the crown is the first place's.
 */
export function crownsOf(clash: ClashView): Set<number> {
  if (clash.status !== 'COMPLETED') return new Set();
  const placed = clash.players.every((p) => typeof p.place === 'number');
  if (placed) return new Set(clash.players.flatMap((p, index) => (p.place === 1 ? [index] : [])));
  return new Set(
    crowned(
      clash.players.map((p) => p.score ?? 0),
      clash.players.map((p) => p.forfeited === true),
    ),
  );
}

/** The winner of a completed clash: the first crowned player in turn order (the room's index writes it). */
export function winnerOf(clash: ClashView): ClashMember | null {
  const crowns = crownsOf(clash);
  return crowns.size ? (clash.players[Math.min(...crowns)] ?? null) : null;
}

/** A completed clash's player, as the rating sees them. */
export interface RatedMember {
  id: number;
  score: number | null;
  forfeited?: boolean;
}

/** The places the ratings and head-to-head count: the clash's own ranking (`places`). */
export const ratingPlaces = (members: readonly RatedMember[]): number[] =>
  places(
    members.map((m) => m.score ?? 0),
    members.map((m) => m.forfeited === true),
  );

/**
 * Whether a clash's play is enough to rate it: every player filled at least CLASH_RATED_MIN_FILLS boxes
 * themselves (`fills`, in turn order). A turn that ran out fills nothing, so a clash one side threw by
 * letting the clock run is not rated (as lichess voids a game of too few moves).
 */
export const playedEnough = (fills: readonly number[]): boolean =>
  fills.length > 0 && fills.every((count) => count >= CLASH_RATED_MIN_FILLS);

/**
 * The clash with the clock started for the turn now on: a deadline when timed and in progress, else
 * none; and when that turn began, which an untimed clash's stall is counted from.
 */
export function withTurnClock(clash: ClashView, now: number): ClashView {
  const playing = clash.status === 'IN_PROGRESS';
  const seconds = playing ? clash.turnSeconds : null;
  return {
    ...clash,
    turnDeadline: seconds ? now + seconds * 1000 : null,
    turnStartedAt: playing ? now : null,
  };
}

/**
 * Why `giverId` may not give the player on turn "more time" (MORE_TIME_SECONDS on their clock): only in
 * a running correspondence clash, by a member still playing who is not on turn, once per clash in all.
 */
export function refuseMoreTime(clash: ClashView, giverId: number): ClashRefusal | null {
  const giver = clash.players.find((p) => p.id === giverId);
  if (!giver && clash.status === 'PENDING') return refusal(404, 'clash-not-found');
  if (!giver) return refusal(403, 'not-clash-member');
  if (clash.status !== 'IN_PROGRESS' || clash.indexed === true) return refusal(409, 'clash-not-in-progress');
  if (!isCorrespondence(clash.turnSeconds) || !clash.turnDeadline)
    return refusal(409, 'clash-not-correspondence');
  if (giver.forfeited) return refusal(409, 'clash-already-out');
  if (clash.players[clash.turn]?.id === giverId) return refusal(409, 'clash-own-turn');
  if (clash.moreTimeBy) return refusal(409, 'clash-more-time-given');
  return null;
}

/** The clash with the gift given: the turn on ends MORE_TIME_SECONDS later, and no other gift may follow. */
export function withMoreTime(clash: ClashView, giverId: number): ClashView {
  const deadline = clash.turnDeadline ?? null;
  return {
    ...clash,
    turnDeadline: deadline === null ? null : deadline + MORE_TIME_SECONDS * 1000,
    moreTimeBy: giverId,
  };
}
