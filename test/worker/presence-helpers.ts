import { expect } from 'vitest';
import type { ActivePlayer, ActivePlayers, PresenceServerMessage } from '../../contract/presence';
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

/**
 * Opens a presence channel with the session's cookie, as a signed-in tab does (`query`: development's
 * `shards=` of worker/routes/live.ts).
 */
export async function openTab(session: { cookie: string }, query = ''): Promise<Tab> {
  const path = `/ws/players${query ? `?${query}` : ''}`;
  const response = await call(path, { headers: { Upgrade: 'websocket', Cookie: session.cookie } });
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

/** The channel's greeting. */
export const connected = (message: PresenceServerMessage) => message.type === 'CONNECTED';

/** GET /api/players/active's answer to `query` (`ids=1,2`, `q=ana`, `limit=5`). */
export async function online(query = ''): Promise<ActivePlayers> {
  const response = await call(`/players/active${query ? `?${query}` : ''}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ActivePlayers;
}

/**
 * Waits until the online list holds every one of `present` and none of `absent` (the shards tell it within
 * REPORT_DELAY_MS); rejects after `ms`.
 */
export async function untilListed(
  present: number[],
  absent: number[] = [],
  ms = 4000,
): Promise<ActivePlayer[]> {
  const ids = [...present, ...absent].join(',');
  const deadline = Date.now() + ms;
  for (;;) {
    const players = (await online(`ids=${ids}`))._embedded.players;
    const listed = players.map((player) => player.id);
    if (present.every((id) => listed.includes(id)) && absent.every((id) => !listed.includes(id)))
      return players;
    if (Date.now() > deadline) throw new Error(`online list ${JSON.stringify(listed)} never matched`);
    await pause(100);
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
