import { expect } from 'vitest';
import type { ActivePlayer, PresenceServerMessage } from '../../contract/presence';
import { call } from './helpers';

// A tab's presence channel (/api/ws/players) for the presence and notification stories. The Workers tests
// share one Presence room, so other files' players may come and go on it: a test waits for the message it
// means (`until`) and asserts on its own players, never on the whole list.

export interface Tab {
  /** The next message that `matches`, skipping the others; rejects after `ms`. */
  until(matches: (message: PresenceServerMessage) => boolean, ms?: number): Promise<PresenceServerMessage>;
  /** Every message received so far and not yet taken by `until`. */
  received(): PresenceServerMessage[];
  /** The code the channel closed with, once it does. */
  closed: Promise<number>;
  close(): void;
}

/** Opens a presence channel with the session's cookie, as a signed-in tab does. */
export async function openTab(session: { cookie: string }): Promise<Tab> {
  const response = await call('/ws/players', { headers: { Upgrade: 'websocket', Cookie: session.cookie } });
  expect(response.status).toBe(101);
  const socket = response.webSocket;
  if (!socket) throw new Error('no WebSocket in the 101 answer');
  const queue: PresenceServerMessage[] = [];
  let wake = () => {};
  const closed = new Promise<number>((resolve) =>
    socket.addEventListener('close', (event) => resolve(event.code)),
  );
  socket.addEventListener('message', (event) => {
    queue.push(JSON.parse(String(event.data)) as PresenceServerMessage);
    wake();
  });
  socket.accept();
  return {
    until: (matches, ms = 3000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          wake = () => {};
          reject(new Error(`no matching presence message within ${ms} ms; got ${JSON.stringify(queue)}`));
        }, ms);
        const look = () => {
          const at = queue.findIndex(matches);
          if (at < 0) return;
          const [found] = queue.splice(0, at + 1).slice(-1);
          clearTimeout(timer);
          wake = () => {};
          resolve(found);
        };
        wake = look;
        look();
      }),
    received: () => [...queue],
    closed,
    close: () => socket.close(1000, 'tab closed'),
  };
}

/** The players of a PLAYERS message, or null for any other message. */
export const playersOf = (message: PresenceServerMessage): ActivePlayer[] | null =>
  message.type === 'PLAYERS' ? message.players : null;

/** A PLAYERS message that lists every one of `present` and none of `absent` (by player id). */
export const listing =
  (present: number[], absent: number[] = []) =>
  (message: PresenceServerMessage) => {
    const ids = playersOf(message)?.map((player) => player.id);
    return !!ids && present.every((id) => ids.includes(id)) && absent.every((id) => !ids.includes(id));
  };

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
