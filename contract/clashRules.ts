// A clash's numbers and fixed lists (SPEC.md sections 3 and 9, issue 15's clocks): read by the rooms, the
// request schemas in clashes.ts and the web app, which takes them from here without valibot.

export const CLASH_MIN_PLAYERS = 2;
export const CLASH_MAX_PLAYERS = 3;
export const CLASH_NAME_MAX = 50;
/** A pending clash nobody finishes answering is cancelled by its room's alarm after this long. */
export const CLASH_PENDING_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Pending clashes one owner may have at once (issue 23: invitation spam); besides, at most one of them
 * with any one invited player.
 */
export const CLASH_MAX_PENDING_OWNED = 20;
/** Between two reactions or suggestions of one player (SPEC.md section 9); the room enforces it. */
export const CLASH_MESSAGE_COOLDOWN_MS = 3000;
export const REACTIONS = ['party', 'clover', 'violin', 'question'] as const;
/** The turn clocks a clash may have (seconds a turn; null: untimed, for friends' clashes). Issue 15. */
export const TURN_SECONDS = [30, 60, 120] as const;
export type TurnSeconds = (typeof TURN_SECONDS)[number];
/** A quick match's clock. */
export const QUICK_MATCH_TURN_SECONDS: TurnSeconds = 60;
/** Turns in a row a player may let their clock run out; the next one forfeits them. */
export const CLASH_MISSED_TURNS_FORFEIT = 3;
/**
 * A clash is rated only when every player filled at least this many boxes themselves (issue 23: a turn
 * that ran out fills nothing, so a second account that lets its clock run out never feeds a rating).
 */
export const CLASH_RATED_MIN_FILLS = 5;
/** An untimed clash whose player on turn has not moved for this many days lets the others pass that turn. */
export const CLASH_STALL_DAYS = 7;
export const CLASH_STALL_MS = CLASH_STALL_DAYS * 24 * 60 * 60 * 1000;
/** The player on turn is warned when this much of their clock is left. */
export const TURN_WARNING_SECONDS = 15;
export type Reaction = (typeof REACTIONS)[number];
export const SUGGESTION_MAX = 100;
