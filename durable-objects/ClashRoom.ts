import { type Connection, Server } from 'partyserver';
import type { ClashServerMessage } from '../contract/clashes';
import { answerPings } from './heartbeat';

/** One clash: lobby, turns and every game of the clash. (Logic arrives with the clashes issue.) */
export class ClashRoom extends Server {
  static override options = { hibernate: true };

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    answerPings(ctx);
  }

  override onConnect(connection: Connection) {
    connection.send(JSON.stringify({ type: 'UPDATE', clash: null } satisfies ClashServerMessage));
  }
}
