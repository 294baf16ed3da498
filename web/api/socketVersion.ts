import { SOCKET_PROTOCOL_VERSION } from '../../contract/sockets';

// A tab loaded before a deploy that changed the socket messages would misread them: every socket's first
// server message says the protocol's version (`v`), and a tab that speaks another reloads, once. The
// mark in sessionStorage keeps a server that is still mid-deploy from reloading the tab for ever; a
// matching greeting clears it, so the next deploy may reload the tab again.

const RELOADED_KEY = 'yamb.socketReload';

/** What to do with a socket's first message: go on, reload the page, or go on without (reloaded already). */
export type VersionCheck = 'ok' | 'reload' | 'reloaded';

export function checkSocketVersion(
  greeting: unknown,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
  version = SOCKET_PROTOCOL_VERSION,
): VersionCheck {
  const v = typeof greeting === 'object' && greeting !== null ? (greeting as { v?: unknown }).v : undefined;
  if (v === version) {
    storage.removeItem(RELOADED_KEY);
    return 'ok';
  }
  if (storage.getItem(RELOADED_KEY) !== null) return 'reloaded';
  storage.setItem(RELOADED_KEY, String(v ?? 'none'));
  return 'reload';
}
