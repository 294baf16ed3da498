import type { ClashResource } from './clashes';
import type { NotificationResource } from './notifications';
import type { PlayerRef } from './players';

/** One of the players online now (SPEC.md section 3, "Active player list"). */
export type ActivePlayer = PlayerRef & { avatar: { url: string } | null };

/** GET /api/players/active: everyone with at least one signed-in tab open, by name. */
export interface ActivePlayers {
  _embedded: { players: ActivePlayer[] };
}

/**
 * What the presence channel (/api/ws/players) says: who is online (on connect, and whenever a player
 * comes or goes), and on the player's private channel their notifications and a quick match found. The
 * client sends nothing but the heartbeat.
 */
export type PresenceServerMessage =
  | { type: 'PLAYERS'; players: ActivePlayer[] }
  | { type: 'NOTIFICATION'; notification: NotificationResource }
  /** A notification that no longer holds (a "turn runs out" warning once the turn is over) was deleted. */
  | { type: 'NOTIFICATION_GONE'; id: number }
  | { type: 'MATCHED'; clash: ClashResource };
