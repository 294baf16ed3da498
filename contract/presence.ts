import type { ClashResource } from './clashes';
import type { NotificationResource } from './notifications';
import type { PlayerRef } from './players';

/** One of the players online now (SPEC.md section 3, "Active player list"). */
export type ActivePlayer = PlayerRef & { avatar: { url: string } | null };

/** The order of every list of online players: by name, then id. */
export const byName = (a: ActivePlayer, b: ActivePlayer) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id;

/** The most players one answer of GET /api/players/active lists: nobody downloads everyone online. */
export const ACTIVE_PAGE_MAX = 50;

/** What the query of GET /api/players/active asks for (contract/players.ts `ActivePlayersQuery`). */
export interface ActivePlayersQuery {
  q: string;
  ids?: number[];
  limit: number;
}

/**
 * GET /api/players/active: how many registered players are online (null for a question by `ids`, which
 * their own shards answer), and those the query asked for, by name.
 */
export interface ActivePlayers {
  count: number | null;
  _embedded: { players: ActivePlayer[] };
}

/**
 * What the presence channel (/api/ws/players) says: its greeting (CONNECTED), and on the player's private
 * channel their notifications and a quick match found. Who is online is not pushed (a join would reach
 * every tab): screens ask GET /api/players/active for what they show. The client sends nothing but the
 * heartbeat.
 */
export type PresenceServerMessage =
  | { type: 'CONNECTED' }
  | { type: 'NOTIFICATION'; notification: NotificationResource }
  /** A notification that no longer holds (a "turn runs out" warning once the turn is over) was deleted. */
  | { type: 'NOTIFICATION_GONE'; id: number }
  | { type: 'MATCHED'; clash: ClashResource };
