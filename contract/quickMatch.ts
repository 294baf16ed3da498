import * as v from 'valibot';
import { PRESET_NAMES } from '../game/rules';
import type { ClashResource } from './clashes';
import type { ErrorBody } from './errors';
import type { Links } from './links';

// The quick-match queue: "Play someone now" pairs the caller with the waiting player of the nearest
// rating, and both land in a started 2-player clash with a turn clock. The web waits on a socket of its
// own (/api/ws/quick-match), queued exactly while it is open; POST and DELETE /api/quick-match are for
// API clients, who renew their entry by asking again.

export { QUICK_MATCH_BOT_OFFER_MS, QUICK_MATCH_HEARTBEAT_MS, QUICK_MATCH_STALE_MS } from './quickMatchTimes';

/**
 * How far apart two ratings may be for a pairing, given how long the longer-waiting of the two has
 * waited: close at first, anyone at all after a minute, so nobody waits for ever beside another player.
 */
export function ratingWindow(waitedMs: number): number {
  return waitedMs >= 60_000 ? Infinity : 150 + waitedMs / 50;
}

/**
 * What a player asks the queue for, in POST /api/quick-match's body or the query of /api/ws/quick-match: the
 * preset to play (issue 27; CLASSIC when left out, as before rule sets). Only players asking for the same
 * preset are paired, and the bot offered after a wait plays it too. A custom rule set has no queue.
 */
export const QuickMatchBody = v.object({
  preset: v.optional(v.picklist(PRESET_NAMES, 'rules-invalid'), 'CLASSIC'),
});

/** POST /api/quick-match when nobody suitable is waiting: 202 with this. */
export interface QuickMatchWaiting {
  status: 'WAITING';
  /** When the player joined the queue (ISO): renewing the entry keeps it. */
  since: string;
  _links: Links<'self' | 'leave'>;
}

/**
 * POST /api/quick-match from a player already seated in a quick match in progress (one quick match at a time): 409 with
 * key `quick-match-seated` and a link to that clash (none while it is still being opened).
 */
export interface QuickMatchSeated extends ErrorBody {
  _links: Links<'clash'>;
}

/**
 * What the queue says on /api/ws/quick-match. `WAITING` first, while the player is queued; then one of:
 * `MATCHED` with the started clash (the socket then closes: the player is no longer queued), or `ERROR`
 * before the socket closes without a match: `quick-match-seated` (a quick match of theirs is in
 * progress, linked as `_links.clash` once it is opened), `quick-match-replaced` (the player opened the
 * queue's socket elsewhere, and waits there), or the failed pairing's key.
 */
export type QuickMatchServerMessage =
  | { type: 'WAITING'; since: string }
  | { type: 'MATCHED'; clash: ClashResource }
  | { type: 'ERROR'; key: string; _links: Links<'clash'> };
