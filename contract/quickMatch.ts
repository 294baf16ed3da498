import type { ErrorBody } from './errors';
import type { Links } from './links';

// The quick-match queue (issue 15): "Play someone now" pairs the caller with the waiting player of the
// nearest rating, and both land in a started 2-player clash with a turn clock.

/** A waiting player asks again this often (POST /api/quick-match), so the queue knows they are still there. */
export const QUICK_MATCH_HEARTBEAT_MS = 10_000;
/** An entry not renewed for this long has left (a closed tab, a lost connection). */
export const QUICK_MATCH_STALE_MS = 30_000;
/** After this long alone the player is offered the practice bot, or to keep waiting. */
export const QUICK_MATCH_BOT_OFFER_MS = 20_000;

/**
 * How far apart two ratings may be for a pairing, given how long the longer-waiting of the two has
 * waited: close at first, anyone at all after a minute, so nobody waits for ever beside another player.
 */
export function ratingWindow(waitedMs: number): number {
  return waitedMs >= 60_000 ? Infinity : 150 + waitedMs / 50;
}

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
