import type { ClashLogDraft } from '../contract/clashes';
import { memberOf, playerOnTurn, refuseMoreTime, withMoreTime } from '../game';
import type { ClashOutcome } from './clashChange';
import { accessOf, refuseClash } from './clashRecord';
import type { ClashRecord } from './clashRecord';

// The "more time" gift of a correspondence clash, for ClashRoom: a member not on turn gives the player on
// turn MORE_TIME_SECONDS more, once per clash (game/clash.ts `refuseMoreTime`). Pure: the room applies the
// change, and clashClock.ts `followClock` moves the `turn` and `warn` deadlines with the clash's.

/** `giverId` gives the player on turn more time: the change (the deadline moved, a log line) or the refusal. */
export function moreTimeGiven(record: ClashRecord | null, giverId: number): ClashOutcome {
  if (!record) return refuseClash(404, 'clash-not-found');
  const refusal = refuseMoreTime(record.clash, giverId);
  if (refusal) return refuseClash(refusal.status, refusal.key);
  if (accessOf(record, giverId).banned) return refuseClash(403, 'player-banned');
  const giver = memberOf(record.clash, giverId);
  const receiver = playerOnTurn(record.clash);
  const log: ClashLogDraft[] =
    giver && receiver
      ? [{ kind: 'MORE_TIME', playerId: receiver.id, name: receiver.name, by: giver.name }]
      : [];
  return { clash: withMoreTime(record.clash, giverId), log };
}
