import { describe, expect, it } from 'vitest';
import { SOCKET_PROTOCOL_VERSION } from '../../contract/sockets';
import { checkSocketVersion } from '../../web/api/socketVersion';

/** A sessionStorage of its own for each test. */
function storage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    size: () => items.size,
  };
}

describe("a socket's first message and the protocol version", () => {
  it('goes on when the server speaks this page’s version', () => {
    const store = storage();
    expect(checkSocketVersion({ v: SOCKET_PROTOCOL_VERSION, type: 'GAME' }, store)).toBe('ok');
    expect(store.size()).toBe(0);
  });

  it('reloads once on another version, or none, and not again until a greeting matches', () => {
    const store = storage();
    expect(checkSocketVersion({ v: SOCKET_PROTOCOL_VERSION + 1, type: 'GAME' }, store)).toBe('reload');
    // The reloaded page still meets a server mid-deploy: no second reload.
    expect(checkSocketVersion({ v: SOCKET_PROTOCOL_VERSION + 1, type: 'GAME' }, store)).toBe('reloaded');
    expect(checkSocketVersion({ type: 'PLAYERS' }, store)).toBe('reloaded');
    // The versions agree again: a later deploy may reload the tab once more.
    expect(checkSocketVersion({ v: SOCKET_PROTOCOL_VERSION }, store)).toBe('ok');
    expect(checkSocketVersion({ type: 'PLAYERS' }, store)).toBe('reload');
  });

  it('takes a message without a version, or no object at all, for another version', () => {
    expect(checkSocketVersion({ type: 'GAME', game: null }, storage())).toBe('reload');
    expect(checkSocketVersion(null, storage())).toBe('reload');
    expect(checkSocketVersion('pong', storage())).toBe('reload');
    expect(checkSocketVersion({ v: String(SOCKET_PROTOCOL_VERSION) }, storage())).toBe('reload');
  });
});
