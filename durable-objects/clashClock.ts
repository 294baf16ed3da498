import { type ClashView, stalledAt } from '../game';
import type { Alarms } from './alarms';
import { warningLead } from './turnWarning';

// A clash's deadlines follow its clash: set in the same synchronous run as the change that moves them, so
// they are stored with it.

/**
 * `index`: the D1 index write; `expire`: a pending clash nobody finished answering; `start`: a start D1
 * refused, tried again; `bot`: the bot's next action; `turn`: the clock of the player on turn runs out;
 * `warn`: TURN_WARNING_SECONDS before that (CORRESPONDENCE_WARNING_SECONDS on a day clock, turnWarning.ts);
 * `stall`: an untimed clash's player on turn has not moved for CLASH_STALL_DAYS, so the others get the pass
 * link.
 */
export type ClashDeadline = 'index' | 'expire' | 'start' | 'bot' | 'turn' | 'warn' | 'stall';

/** Brings the deadlines of `before` to those of `after`, as of `now`. */
export function followClock(alarms: Alarms<ClashDeadline>, before: ClashView, after: ClashView, now: number) {
  if (before.status === 'PENDING' && after.status !== 'PENDING') {
    alarms.clear('expire');
    alarms.clear('start');
  }
  if (after.turnDeadline !== before.turnDeadline) setTurnClock(alarms, after, now);
  // Only a stall still to come is set: once fired, it is done.
  const stall = stalledAt(after);
  if (stall === null || stall <= now) {
    if (alarms.at('stall') !== null) alarms.clear('stall');
  } else if (alarms.at('stall') !== stall) alarms.set('stall', stall);
}

/** The `turn` and `warn` deadlines follow the clash's turn deadline (moved by a turn, or a gift of time). */
function setTurnClock(alarms: Alarms<ClashDeadline>, clash: ClashView, now: number) {
  const deadline = clash.turnDeadline ?? null;
  if (deadline === null) {
    alarms.clear('turn');
    alarms.clear('warn');
    return;
  }
  alarms.set('turn', deadline);
  const warnAt = deadline - warningLead(clash.turnSeconds);
  if (warnAt > now) alarms.set('warn', warnAt);
  else alarms.clear('warn');
}
