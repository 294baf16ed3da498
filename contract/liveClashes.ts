import type { PlayerRef } from './playerRef';

/** How many clashes GET /api/clashes/live lists at most: the latest moved first. */
export const LIVE_CLASHES_LIMIT = 20;

/** A clash being played, as the "Live now" list shows it: anyone may open it and watch. */
export interface LiveClashSummary {
  id: number;
  name: string;
  /** Its players in turn order, the bot marked. */
  players: (PlayerRef & { bot: boolean })[];
  /** The player on turn. */
  turnPlayerId: number | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/clashes/live: the clashes in progress, from the D1 index. */
export interface LiveClashList {
  _embedded: { clashes: LiveClashSummary[] };
}
