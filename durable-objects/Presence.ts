import { type Connection, Server } from 'partyserver';

/** Who is online, and each player's private notification channel. (Logic arrives with the presence issue.) */
export class Presence extends Server {
  static override options = { hibernate: true };

  /** A round trip for the health check. */
  ping(): 'pong' {
    return 'pong';
  }

  override onConnect(connection: Connection) {
    connection.send(JSON.stringify({ type: 'PLAYERS', players: [] }));
  }
}
