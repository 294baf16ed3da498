import * as v from 'valibot';
import {
  CLASH_MAX_PLAYERS,
  CLASH_MIN_PLAYERS,
  CLASH_NAME_MAX,
  REACTIONS,
  type Reaction,
  SUGGESTION_MAX,
  TURN_SECONDS,
  type TurnSeconds,
} from './clashRules';
import type { ClashPlayerStatus, ClashStatus, ClashType } from '../game/clash';
import type { Rules } from '../game/rules';
import type { BoxType, ColumnType } from '../game/types';
import type { Links } from './links';
import type { PlayerRef } from './players';
import { RulesInput } from './rules';

// The clash's numbers and fixed lists live in clashRules.ts, without valibot, so that the play screen's
// first load can take them without the request schemas below (the first load stays under 150 kB).
export * from './clashRules';

// A clash (SPEC.md sections 3, 4, 5 and 9) as it travels: the ClashRoom and the D1 index build it
// (worker/lib/resources/clashes.ts), the web app reads it, the socket carries it.

/** The rules' own words for a clash's and a player's status (game/clash.ts). */
export type { ClashPlayerStatus, ClashStatus, ClashType };

/**
 * `delete` points at the clash itself (DELETE on it) and is present only when the viewer may delete it.
 * `resign`: PUT, a playing member leaves the clash (a forfeit). `pass`: PUT, another member passes the
 * turn of a player who has not moved in an untimed clash for CLASH_STALL_DAYS.
 */
export type ClashLinkName =
  | 'self'
  | 'accept'
  | 'decline'
  | 'add'
  | 'remove'
  | 'delete'
  | 'resign'
  | 'pass'
  /** PUT, a correspondence clash's one "more time" gift: +1 day on the clock of the player on turn. */
  | 'moreTime'
  /** POST, a player of the completed clash proposes a rematch (201 with it, or with the one proposed already). */
  | 'rematch';

/** One player of a clash, in turn order (the owner first). */
export interface ClashPlayer {
  id: number;
  name: string;
  status: ClashPlayerStatus;
  avatar: { url: string } | null;
  /** The player's game total once the clash started, else null. */
  score: number | null;
  gameId: number | null;
  /** A winner of the completed clash: every player tied on the best total wears the crown. */
  crown: boolean;
  /** Out of the clash after CLASH_MISSED_TURNS_FORFEIT turns in a row ran out of time; their sheet stays. */
  forfeited: boolean;
  /** Forfeited by resigning rather than by the clock. */
  resigned: boolean;
  /** The viewer (the owner of the pending clash) may take this player's invitation back now. */
  removable: boolean;
  /** The practice bot: it accepts at once and plays its own turns. */
  bot: boolean;
}

/** GET /api/clashes/{id}, the answers of every clash call, the lists, and every `UPDATE` message. */
export interface ClashResource {
  id: number;
  name: string;
  type: ClashType;
  status: ClashStatus;
  owner: PlayerRef;
  players: ClashPlayer[];
  /** The index in `players` of the player whose turn it is (meaningful while IN_PROGRESS). */
  turn: number;
  /** The first crowned player in turn order, once COMPLETED. */
  winner: PlayerRef | null;
  /** The rule set every game of the clash is played by (issue 27); CLASSIC for a clash made before rule sets. */
  rules: Rules;
  /** The turn clock in seconds; null for an untimed clash. */
  turnSeconds: TurnSeconds | null;
  /** While IN_PROGRESS with a clock: when the turn of the player on turn runs out (ISO time, the server's). */
  turnDeadline: string | null;
  /** While IN_PROGRESS: when the turn of the player on turn began (ISO time, the server's). */
  turnStartedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Once COMPLETED: the rematch a player proposed, null before (the room's answers only; lists say null). */
  rematchId?: number | null;
  _links: Links<ClashLinkName>;
}

/** The clash lists' sorts by a column, either order. */
export const CLASH_COLUMN_SORTS = ['createdAt', 'updatedAt'] as const;
/**
 * `turn`: the clashes where the viewer is on turn first (the soonest clock at the top, an untimed one after
 * every timed one), then the rest by their latest change — the clashes screen's order. Its `order` is fixed.
 */
export const CLASH_SORTS = [...CLASH_COLUMN_SORTS, 'turn'] as const;

const id = (key: string) =>
  v.pipe(v.number(key), v.integer(key), v.minValue(1, key), v.maxValue(Number.MAX_SAFE_INTEGER, key));

const distinct = (ids: number[]) => new Set(ids).size === ids.length;

/** POST /api/clashes/: `playerIds` lists every player, the owner included, in turn order. */
export const CreateClashBody = v.object({
  ownerId: id('player-not-found'),
  playerIds: v.pipe(
    v.array(id('player-not-found'), 'clash-players-invalid'),
    v.minLength(CLASH_MIN_PLAYERS, 'clash-players-invalid'),
    v.maxLength(CLASH_MAX_PLAYERS, 'clash-full'),
    v.check(distinct, 'clash-players-invalid'),
  ),
  type: v.picklist(['LIVE'], 'clash-type-invalid'),
  // Untimed when left out, so clients that do not know the clock keep creating friends' clashes.
  turnSeconds: v.optional(v.nullable(v.picklist(TURN_SECONDS, 'turn-seconds-invalid')), null),
  // A preset's name or a custom rule set (contract/rules.ts); CLASSIC when left out, as before rule sets.
  rules: v.optional(RulesInput, 'CLASSIC'),
  name: v.pipe(
    v.string('clash-name-invalid'),
    v.trim(),
    v.minLength(1, 'clash-name-invalid'),
    v.maxLength(CLASH_NAME_MAX, 'clash-name-invalid'),
  ),
});
/** What a client sends (the clock may be left out). */
export type CreateClash = v.InferInput<typeof CreateClashBody>;

/** PUT on the accept and decline links: players answer for themselves only. */
export const ClashPlayerBody = v.object({ playerId: id('player-not-found') });

/** PUT on the add and remove links (the owner's). */
export const ClashPlayersBody = v.object({
  playerIds: v.pipe(
    v.array(id('player-not-found'), 'clash-players-invalid'),
    v.minLength(1, 'clash-players-invalid'),
    v.maxLength(CLASH_MAX_PLAYERS - 1, 'clash-full'),
    v.check(distinct, 'clash-players-invalid'),
  ),
});

/** What a member may send on /api/ws/clashes/{id}; anything else is answered with an `ERROR` message. */
export const ClashClientMessage = v.variant('type', [
  v.object({ type: v.literal('REACTION'), content: v.picklist(REACTIONS, 'reaction-invalid') }),
  v.object({
    type: v.literal('SUGGESTION'),
    content: v.pipe(
      v.string('suggestion-invalid'),
      v.trim(),
      v.minLength(1, 'suggestion-invalid'),
      v.maxLength(SUGGESTION_MAX, 'suggestion-invalid'),
    ),
  }),
]);
export type ClashClientMessage = v.InferOutput<typeof ClashClientMessage>;

/**
 * What a clash's room says on /api/ws/clashes/{id} (DESIGN.md "Live contract"): the clash on connect
 * and after every change; members' reactions and suggestions to everyone; an `ERROR` (a refused
 * reaction or suggestion: too early, not a member, invalid) to the sending socket only.
 */
export type ClashServerMessage =
  | { type: 'UPDATE'; clash: ClashResource | null }
  | ClashChatMessage
  | { type: 'ERROR'; key: string }
  /** The clash log: all of it (`whole`) right after the greeting, then each new line as it is written. */
  | { type: 'LOG'; entries: ClashLogEntry[]; whole: boolean };

/** A member's reaction or suggestion as the room passes it on to every clash socket, with its sender. */
export type ClashChatMessage =
  | { type: 'REACTION'; playerId: number; name: string; content: Reaction }
  | { type: 'SUGGESTION'; playerId: number; name: string; content: string };

/**
 * What happened in a running clash, one line of its log as the room keeps it: a turn and what it wrote, a
 * turn that ran out or that the others passed, a player out (three missed turns, or resigned), and what the
 * members said. A late joiner, a reload and a watcher read it whole.
 */
export type ClashLogLine =
  | { kind: 'FILL'; column: ColumnType; box: BoxType; score: number }
  | { kind: 'TIMEOUT' }
  /** `by` passed the turn of the player who stalled an untimed clash. */
  | { kind: 'PASSED'; by: string }
  /** `by` gave the player on turn "more time" (a correspondence clash's one gift of a day). */
  | { kind: 'MORE_TIME'; by: string }
  | { kind: 'FORFEITED' }
  | { kind: 'RESIGNED' }
  | { kind: 'REACTION'; content: Reaction }
  | { kind: 'SUGGESTION'; content: string };

/** Whose line it is. */
export type ClashLogDraft = ClashLogLine & { playerId: number; name: string };

/** A stored line: numbered in the order written (`seq`, from 1), with when (ISO time, the server's). */
export type ClashLogEntry = ClashLogDraft & { seq: number; at: string };
