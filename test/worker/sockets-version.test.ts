import { describe, expect, it } from 'vitest';
import { SOCKET_PROTOCOL_VERSION } from '../../contract/sockets';
import { socket, startedClash } from './clashes-helpers';
import { currentGame } from './games-helpers';
import { openTab } from './presence-helpers';

// Every socket's first server message says the protocol's version, so that a tab loaded before a deploy
// that changed the messages reloads instead of misreading them (web/api/socketVersion.ts).

const versioned = (message: unknown) => (message as { v?: unknown }).v;

describe('the first message of every socket', () => {
  it('carries the protocol version: games, clashes, their games, presence, the quick-match queue', async () => {
    const {
      clash,
      players: [ana, ben],
      gameIds: [anaGame],
    } = await startedClash(2);
    const solo = await currentGame(ben);
    for (const [path, session] of [
      [`games/${solo.id}`, ben],
      [`games/${solo.id}`, null],
      [`clashes/${clash.id}`, ana],
      [`clashes/${clash.id}`, null],
      [`games/${anaGame}`, ben],
    ] as const) {
      const tab = await socket(path, session);
      expect(versioned(await tab.next()), path).toBe(SOCKET_PROTOCOL_VERSION);
      tab.close();
    }
    const presence = await openTab(ana);
    expect(versioned(await presence.until(() => true))).toBe(SOCKET_PROTOCOL_VERSION);
    presence.close();
    // Ana is seated in a clash, but not a quick match: the queue greets her with WAITING.
    const queue = await socket('quick-match', ana);
    const waiting = await queue.next();
    expect(waiting).toMatchObject({ type: 'WAITING', v: SOCKET_PROTOCOL_VERSION });
    queue.close();
  });
});
