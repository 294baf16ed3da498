import { type Connection, Server } from 'partyserver';

/** One solo game: the authoritative state, applied one action at a time. (Logic arrives with the solo-play issue.) */
export class GameRoom extends Server {
  static override options = { hibernate: true };

  override onConnect(connection: Connection) {
    connection.send(JSON.stringify({ type: 'GAME', game: null }));
  }
}
