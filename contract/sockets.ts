// What every socket of the app shares (games, clashes, the presence channel, the quick-match queue).

/**
 * The version of the socket messages. Every socket's first server message carries it as `v`, so that a tab
 * loaded before a deploy that changed them notices at once and reloads, instead of misreading what the
 * new server says. Raise it with any change of a socket message's shape or meaning.
 */
export const SOCKET_PROTOCOL_VERSION = 2;

/** The field each socket's first server message carries beside its own. */
export interface SocketGreeting {
  v: number;
}
