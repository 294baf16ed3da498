import { type Connection, Server } from 'partyserver';

/** One clash: lobby, turns and every game of the clash. (Logic arrives with the clashes issue.) */
export class ClashRoom extends Server {
  static override options = { hibernate: true };

  override onConnect(connection: Connection) {
    connection.send(JSON.stringify({ type: 'UPDATE', clash: null }));
  }
}
