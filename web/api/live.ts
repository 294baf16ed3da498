import { WebSocket } from 'partysocket';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from './client';
import { databaseDown } from './outage';
import { ACCESS_ENDED, useSession } from './session';
import { checkSocketVersion } from './socketVersion';

/** SPEC section 9: reconnect 5000 ms after a close; a heartbeat every 10000 ms. */
export const RECONNECT_DELAY_MS = 5000;
export const HEARTBEAT_MS = 10_000;
/** Without a word from the server (a pong at least) for this long, the connection is taken as dead. */
const SILENCE_MS = 2.5 * HEARTBEAT_MS;
const PING = 'ping';
const PONG = 'pong';

/** Where the connection is: not wanted (no player, no path), open, or (re)connecting. */
export type LiveState = 'inactive' | 'open' | 'connecting';

/** `/api/ws/games/1` → `ws://host/api/ws/games/1` (wss on https): the page's own origin, so its cookies go along. */
export function liveUrl(
  path: string,
  location: { protocol: string; host: string } = window.location,
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const absolute = path.startsWith('/api/') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
  return `${scheme}//${location.host}${absolute}`;
}

/**
 * The URL for the next (re)connect, once the session is known to be fresh. A socket cannot renew an
 * expired access cookie (the upgrade just fails with 401), so a cheap authenticated call goes first:
 * the API client's 401 → refresh queue renews the cookie, and the upgrade then carries the new one.
 * When the call fails the connect fails too, and the socket tries again after its reconnect delay.
 */
export async function freshLiveUrl(
  path: string,
  location: { protocol: string; host: string } = window.location,
): Promise<string> {
  // Absolute, on the page's own origin (as the socket is), so the cookies go along.
  await api(`${location.protocol}//${location.host}/api/players/me`).catch((error: unknown) => {
    // With D1 down the probe cannot answer, but the rooms still check the token themselves (issue 26): connect.
    if (!databaseDown(error)) throw error;
  });
  return liveUrl(path, location);
}

/**
 * The app's one live connection hook: a reconnecting WebSocket to `path` (for example
 * `/api/ws/games/7`) while there is a current player, handing every JSON message to `onMessage`.
 * Pass null to stay disconnected. The socket closes when the player changes (logout) or the
 * component unmounts.
 */
export function useLiveSocket(path: string | null, onMessage: (message: unknown) => void): LiveState {
  return useLiveChannel(path, onMessage).state;
}

export interface LiveChannel {
  state: LiveState;
  /** Sends `message` as JSON now; false (and nothing sent) while the socket is not open. */
  send: (message: unknown) => boolean;
}

interface LiveHandlers {
  onMessage: (message: unknown) => void;
  onState: (state: LiveState) => void;
  onAccessEnded: () => void;
}

/**
 * Opens a reconnecting socket to `path` that checks each connection's first message for the protocol's version,
 * pings on a heartbeat and reconnects a connection that went silent; returns the function that closes it.
 */
function openLiveSocket(path: string, handlers: LiveHandlers): { socket: WebSocket; close: () => void } {
  const socket = new WebSocket(() => freshLiveUrl(path), undefined, {
    minReconnectionDelay: RECONNECT_DELAY_MS,
    maxReconnectionDelay: RECONNECT_DELAY_MS,
    reconnectionDelayGrowFactor: 1,
    // A ping queued while offline is pointless once the socket is back.
    maxEnqueuedMessages: 0,
  });
  let lastHeard = Date.now();
  // Each connection's first message is checked for the socket protocol's version.
  let greeted = false;

  const onSocketMessage = (event: MessageEvent) => {
    lastHeard = Date.now();
    if (typeof event.data !== 'string' || event.data === PONG) return;
    let message: unknown;
    try {
      message = JSON.parse(event.data);
    } catch {
      console.error('Live message is not JSON', event.data);
      return;
    }
    if (!greeted) {
      greeted = true;
      const check = checkSocketVersion(message, window.sessionStorage);
      if (check === 'reload') {
        window.location.reload();
        return;
      }
      if (check === 'reloaded') console.warn('Live socket protocol differs from this page’s', message);
    }
    handlers.onMessage(message);
  };
  const onOpen = () => {
    lastHeard = Date.now();
    greeted = false;
    handlers.onState('open');
  };
  const onClose = (event: CloseEvent) => {
    handlers.onState('connecting');
    if (event.code === ACCESS_ENDED) handlers.onAccessEnded();
  };
  socket.addEventListener('message', onSocketMessage);
  socket.addEventListener('open', onOpen);
  socket.addEventListener('close', onClose);

  const heartbeat = setInterval(() => {
    if (socket.readyState !== socket.OPEN) return;
    // A connection that stopped answering (a sleeping laptop, a dropped NAT entry) may never close by itself.
    if (Date.now() - lastHeard > SILENCE_MS) {
      lastHeard = Date.now();
      socket.reconnect();
      return;
    }
    socket.send(PING);
  }, HEARTBEAT_MS);

  const close = () => {
    clearInterval(heartbeat);
    socket.removeEventListener('message', onSocketMessage);
    socket.removeEventListener('open', onOpen);
    socket.removeEventListener('close', onClose);
    socket.close();
  };
  return { socket, close };
}

/** useLiveSocket for a socket the client also talks on (a clash's reactions and suggestions). */
export function useLiveChannel(path: string | null, onMessage: (message: unknown) => void): LiveChannel {
  const { player, accessEnded } = useSession();
  const playerId = player?.id ?? null;
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const ended = useRef(accessEnded);
  ended.current = accessEnded;
  const [state, setState] = useState<LiveState>('inactive');
  const current = useRef<WebSocket | null>(null);

  useEffect(() => {
    if (!path || playerId === null) return;
    const { socket, close } = openLiveSocket(path, {
      onMessage: (message) => handler.current(message),
      onState: setState,
      onAccessEnded: () => ended.current(),
    });
    current.current = socket;
    setState('connecting');
    return () => {
      close();
      if (current.current === socket) current.current = null;
      setState('inactive');
    };
  }, [path, playerId]);

  const send = useCallback((message: unknown) => {
    const socket = current.current;
    if (!socket || socket.readyState !== socket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }, []);
  return useMemo(() => ({ state, send }), [state, send]);
}
