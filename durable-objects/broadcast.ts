import type { Connection } from 'partyserver';

/** The one thing a broadcast needs of a connection (partyserver's `Connection` has it). */
export interface Sendable {
  send(text: string): void;
}

/**
 * Sends every connection the message its viewer may see. Each distinct viewer's message is rendered
 * once, however many tabs that viewer has open: a room with many watchers renders two messages, not
 * one per socket. `viewerOf` must answer a value that compares with `===` (an id, a role, null), as it
 * keys the renders.
 */
export function broadcastPerViewer<C extends Sendable, V>(
  connections: Iterable<C>,
  viewerOf: (connection: C) => V,
  render: (viewer: V) => string,
) {
  const rendered = new Map<V, string>();
  for (const connection of connections) {
    const viewer = viewerOf(connection);
    let text = rendered.get(viewer);
    if (text === undefined) {
      text = render(viewer);
      rendered.set(viewer, text);
    }
    try {
      connection.send(text);
    } catch {
      // A socket closing under us; its close handler cleans up.
    }
  }
}

/** Every socket hears `gone` (its subject deleted) and closes. */
export function closeAll(connections: Iterable<Connection>, gone: string, reason: string) {
  for (const connection of connections) {
    try {
      connection.send(gone);
      connection.close(1000, reason);
    } catch {
      // Already closing.
    }
  }
}
