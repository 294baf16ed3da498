import { SOCKET_PROTOCOL_VERSION } from '../contract/sockets';

/**
 * A socket's first message, `text` (a JSON object), with the socket protocol's version `v` beside its own
 * fields: the web compares it with its own and reloads once on a mismatch (web/api/socketVersion.ts).
 */
export function greeting(text: string): string {
  return JSON.stringify({ v: SOCKET_PROTOCOL_VERSION, ...(JSON.parse(text) as object) });
}
