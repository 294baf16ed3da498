/**
 * Clients send `ping` every 10 s and expect `pong`. An auto-response is answered by the runtime
 * without waking a hibernated room, so a heartbeat costs the room nothing.
 */
export function answerPings(ctx: DurableObjectState) {
  ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
}
