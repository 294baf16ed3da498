import { CORRESPONDENCE_WARNING_SECONDS, TURN_WARNING_SECONDS } from '../contract/clashRules';
import type { NotificationParams } from '../contract/notifications';
import { isCorrespondence } from '../game/clash';

// The warning before a turn's clock runs out (the room's `warn` deadline, clashClock.ts): when it comes, and
// what its notification says.

/** How long before the clock runs out its player is warned (ms): hours on a day clock, seconds on a live one. */
export const warningLead = (turnSeconds: number | null | undefined): number =>
  (isCorrespondence(turnSeconds) ? CORRESPONDENCE_WARNING_SECONDS : TURN_WARNING_SECONDS) * 1000;

/**
 * The time left a warning tells: seconds on a live clock; on a day clock, hours (i18next's `context` picks
 * the wording `clash-turn-warning_hours`), with the seconds too, as the notifications before hours had.
 */
export const warningParams = (seconds: number): NotificationParams =>
  seconds >= 60 * 60
    ? { context: 'hours', hours: String(Math.round(seconds / 3600)), seconds: String(seconds) }
    : { seconds: String(seconds) };
