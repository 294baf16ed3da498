import type { ClashSummary } from './clashes';
import type { NotificationResource } from './notifications';
import type { PlayerRef } from './players';

/** One of the players online now (SPEC.md section 3, "Active player list"). */
export type ActivePlayer = PlayerRef & { avatar: { url: string } | null };

/**
 * What the presence channel (/api/ws/players) says: who is online, and on the player's private channel
 * their notifications and a quick match found. The client sends nothing but the heartbeat.
 */
export type PresenceServerMessage =
  | { type: 'PLAYERS'; players: ActivePlayer[] }
  | { type: 'NOTIFICATION'; notification: Pick<NotificationResource, 'id' | 'content' | 'link'> }
  | { type: 'MATCHED'; clash: ClashSummary };
