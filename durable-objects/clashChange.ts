import type { ClashLogDraft } from '../contract/clashes';
import type { ClashView } from '../game';
import type { MoveEntry } from '../game/replay';
import type { ClashGame, ClashRefused } from './clashRecord';
import type { PlayerAccess } from './gameRecord';

// What ClashRoom's collaborators answer: the clash's next state and what happened (a `ClashChange`), or a
// refusal. The room applies a change in one step (ClashRoom `#apply`): it stores it, tells the sockets,
// brings the D1 index up to date when asked, and hands the events to clashNotices.ts.

/** What happened in the clash that someone is told of (clashNotices.ts decides who, and how). */
export type ClashEvent =
  /** Players put in the clash by its owner (at creation or later). */
  | { type: 'invited'; players: { id: number }[] }
  /** Invitations the owner took back. */
  | { type: 'removed'; players: { id: number }[] }
  | { type: 'accepted' | 'declined'; player?: string }
  /** A pending clash that ended without starting (a decline left the owner alone, or nobody answered). */
  | { type: 'cancelled' }
  | { type: 'started' }
  /** A quick match started: its players' tabs and queue sockets get it at once, before the D1 index. */
  | { type: 'matched' }
  /** A turn began for this player: they are told when away, once until they come back. */
  | { type: 'your-turn'; player: { id: number } }
  | { type: 'turn-warning'; player: { id: number }; seconds: number }
  /** The player's turn is over (they filled, ran out of time, were passed or resigned, or the clash ended). */
  | { type: 'turn-over'; player: { id: number } }
  | { type: 'forfeited'; player: { id: number } }
  /** The clash ended and D1 has its completion (and the ratings it wrote). */
  | { type: 'ended' }
  /** Deleted, by its owner (`by` them; the others are told) or by an admin (everyone is told). */
  | { type: 'deleted'; by: string; players: { id: number }[] };

/** The clash's next state, and what the room does about it once it is stored. */
export interface ClashChange {
  clash: ClashView;
  games?: Record<string, ClashGame>;
  access?: Record<string, PlayerAccess>;
  /** The game a move or a run-out clock changed: its sockets hear of it, as do the next one's on turn. */
  moved?: number;
  /** A turn began (the start, or after a fill, a clock run out, a pass): the one now on turn is told. */
  turnBegan?: boolean;
  /** Players no longer in the clash: their sockets on it close (a pending clash is for its players only). */
  left?: number[];
  /** A lobby change: the D1 index has it before the answer, so the lists the player opens next show it. */
  published?: boolean;
  events?: ClashEvent[];
  /** What the clash log tells of it (clashLog.ts), written with the change. */
  log?: ClashLogDraft[];
  /** The moves it made on the games, for their replay (moveLog.ts), written with the change. */
  moves?: { gameId: number; entry: MoveEntry }[];
}

/** A collaborator's answer: a change to apply, or the refusal the caller hears. */
export type { ClashRefused };

export type ClashOutcome = ClashChange | ClashRefused;

export const isRefused = (outcome: ClashOutcome): outcome is ClashRefused => 'ok' in outcome;
