// A clash's numbers and fixed lists (SPEC.md sections 3 and 9, and the turn clocks): read by the rooms, the
// request schemas in clashes.ts and the web app, which takes them from here without valibot. Those the
// rules count by are declared with the rules (game/clash.ts) and passed on from here.

import type { TurnSeconds } from '../game/clash';

export {
  CLASH_MAX_PLAYERS,
  CLASH_MIN_PLAYERS,
  CLASH_MISSED_TURNS_FORFEIT,
  CLASH_RATED_MIN_FILLS,
  CLASH_STALL_DAYS,
  CLASH_STALL_MS,
  CORRESPONDENCE_MAX_PER_PLAYER,
  DAY_SECONDS,
  isCorrespondence,
  MORE_TIME_SECONDS,
  TURN_SECONDS,
  type TurnSeconds,
} from '../game/clash';

export const CLASH_NAME_MAX = 50;
/** A pending clash nobody finishes answering is cancelled by its room's alarm after this long. */
export const CLASH_PENDING_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Pending clashes one owner may have at once (so that nobody can flood a player with invitations); besides, at most one of them
 * with any one invited player.
 */
export const CLASH_MAX_PENDING_OWNED = 20;
/** Between two reactions or suggestions of one player (SPEC.md section 9); the room enforces it. */
export const CLASH_MESSAGE_COOLDOWN_MS = 3000;
export const REACTIONS = ['party', 'clover', 'violin', 'question'] as const;
/** A quick match's clock. */
export const QUICK_MATCH_TURN_SECONDS: TurnSeconds = 60;
/** The player on turn is warned when this much of their live clock (minutes a turn) is left. */
export const TURN_WARNING_SECONDS = 15;
/**
 * The player on turn in a correspondence clash is warned when this much of their day clock is left: time
 * to see the notification and play, where 15 s would wake nobody in time.
 */
export const CORRESPONDENCE_WARNING_SECONDS = 2 * 60 * 60;
export type Reaction = (typeof REACTIONS)[number];
export const SUGGESTION_MAX = 100;
