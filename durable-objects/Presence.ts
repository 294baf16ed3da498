import { type Connection, Server } from 'partyserver';
import { answerPings } from './heartbeat';

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

  override onConnect(connection: Connection) {
    connection.send(JSON.stringify({ type: 'PLAYERS', players: [] }));
  }
}
