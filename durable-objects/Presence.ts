import { type Connection, type ConnectionContext, Server } from 'partyserver';
import type { PresenceServerMessage } from '../contract/presence';
import { VIEWER_HEADER, viewerFrom } from '../worker/lib/viewer';
import { answerPings } from './heartbeat';

/** The close code of a channel whose session ended: the client renews its session before it reconnects. */
export const SESSION_ENDED = 4001;

const playerTag = (playerId: number) => `player-${playerId}`;

/** Who is online, and each player's private notification channel. (Logic arrives with the presence issue.) */
export class Presence extends Server {
  static override options = { hibernate: true };

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    answerPings(ctx);
  }

  /** A round trip for the health check. */
  ping(): 'pong' {
    return 'pong';
  }

  /** Each channel is tagged with its player, so that the player's channels can be found after hibernation. */
  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const playerId = viewerFrom(ctx.request.headers.get(VIEWER_HEADER));
    return playerId ? [playerTag(playerId)] : [];
  }

  /**
   * Closes the player's open channels: their session ended (logout, a password change, a stolen refresh
   * token). A channel's token was checked when it opened, so without this it would keep listening.
   */
  endSessions(playerId: number) {
    for (const connection of this.getConnections(playerTag(playerId)))
      connection.close(SESSION_ENDED, 'session-ended');
  }

  /** Sends `message` to every open tab of the player, and to nobody else. */
  push(playerId: number, message: PresenceServerMessage) {
    const text = JSON.stringify(message);
    for (const connection of this.getConnections(playerTag(playerId))) {
      try {
        connection.send(text);
      } catch {
        // A tab closing under us; the notification row stays for its next load.
      }
    }
  }

  override onConnect(connection: Connection) {
    connection.send(JSON.stringify({ type: 'PLAYERS', players: [] } satisfies PresenceServerMessage));
  }
}
