import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { api } from './client';
import { type LiveState, useLiveSocket } from './live';
import { dropNotification, receiveNotification, refreshNotifications } from './notifications';
import { useSession } from './session';
import type { ActivePlayer, ActivePlayers, PresenceServerMessage } from '../../contract/presence';

// The presence channel (DESIGN.md "Live contract", /api/ws/players): one socket per tab, opened by
// <PresenceProvider> for every signed-in tab, guests included (the server leaves guests out of the
// active list, but a guest's channel still carries its private messages, such as a quick match). The
// active list lives in the query cache: fetched once, then replaced by every PLAYERS message.

export const presenceKeys = {
  active: ['presence', 'active'] as const,
};

const PRESENCE_PATH = '/api/ws/players';
const NOBODY: ActivePlayer[] = [];

/**
 * GET /api/players/active. A PLAYERS message that arrived while the request was on its way is newer
 * than the answer, and stays.
 */
async function fetchActive(client: QueryClient, signal: AbortSignal): Promise<ActivePlayer[]> {
  const asked = Date.now();
  const reply = await api<ActivePlayers>('/players/active', { signal });
  const state = client.getQueryState<ActivePlayer[]>(presenceKeys.active);
  if (state?.data && state.dataUpdatedAt >= asked) return state.data;
  return reply._embedded.players ?? [];
}

function useActiveQuery<T>(select: (players: ActivePlayer[]) => T) {
  const client = useQueryClient();
  const { player } = useSession();
  return useQuery({
    queryKey: presenceKeys.active,
    enabled: player !== null,
    queryFn: ({ signal }) => fetchActive(client, signal),
    // The socket keeps it current; asking again on every mount would only race the socket.
    staleTime: Infinity,
    select,
  });
}

const all = (players: ActivePlayer[]) => players;

/** The players online now (registered players with at least one tab open). */
export function useActivePlayers(): ActivePlayer[] {
  return useActiveQuery(all).data ?? NOBODY;
}

/** Whether the player is online now. */
export function useIsOnline(playerId: number): boolean {
  const online = useCallback((players: ActivePlayer[]) => players.some((p) => p.id === playerId), [playerId]);
  return useActiveQuery(online).data ?? false;
}

type PresenceListener = (message: PresenceServerMessage) => void;

interface PresenceValue {
  state: LiveState;
  subscribe: (listener: PresenceListener) => () => void;
}

const PresenceContext = createContext<PresenceValue>({
  state: 'inactive',
  subscribe: () => () => undefined,
});

/** Narrows a socket message to the presence union; anything else is ignored (logged). */
function presenceMessage(message: unknown): PresenceServerMessage | null {
  const live = message as Partial<PresenceServerMessage> | null;
  if (live?.type === 'PLAYERS' && Array.isArray(live.players)) return live as PresenceServerMessage;
  if (live?.type === 'NOTIFICATION' && live.notification) return live as PresenceServerMessage;
  if (live?.type === 'MATCHED' && live.clash) return live as PresenceServerMessage;
  if (live?.type === 'NOTIFICATION_GONE' && typeof live.id === 'number') return live as PresenceServerMessage;
  console.error('Unknown presence message', message);
  return null;
}

/**
 * Holds the tab's one presence socket (reconnecting after 5 s, with the heartbeat of useLiveSocket,
 * closed on sign-out and when the player changes). PLAYERS replaces the active list; NOTIFICATION goes
 * into the player's notification list. Components that want the messages themselves (the notification
 * toast, a quick match) subscribe with usePresenceMessages.
 */
export function PresenceProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const { player } = useSession();
  const playerId = player?.id ?? null;
  const registered = player !== null && !player.guest;
  const listeners = useRef(new Set<PresenceListener>());
  // Known before the socket opens, so a screen never shows everyone offline while it connects.
  useActiveQuery(all);

  const onMessage = useCallback(
    (raw: unknown) => {
      const message = presenceMessage(raw);
      if (!message) return;
      if (message.type === 'PLAYERS') client.setQueryData(presenceKeys.active, message.players);
      if (message.type === 'NOTIFICATION' && playerId !== null && registered)
        receiveNotification(client, playerId, message.notification);
      if (message.type === 'NOTIFICATION_GONE' && playerId !== null && registered)
        dropNotification(client, playerId, message.id);
      for (const listener of listeners.current) {
        try {
          listener(message);
        } catch (error) {
          console.error(error);
        }
      }
    },
    [client, playerId, registered],
  );
  const state = useLiveSocket(playerId === null ? null : PRESENCE_PATH, onMessage);

  // A push made while the socket was down (a reconnect, a sleeping laptop) is only in the database:
  // every reopening after the first fetches the list again.
  const openedFor = useRef<number | null>(null);
  useEffect(() => {
    if (state !== 'open' || playerId === null) return;
    if (openedFor.current === playerId && registered) refreshNotifications(client, playerId);
    openedFor.current = playerId;
  }, [state, playerId, registered, client]);

  const subscribe = useCallback((listener: PresenceListener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  const value = useMemo(() => ({ state, subscribe }), [state, subscribe]);
  return <PresenceContext.Provider value={value}>{children}</PresenceContext.Provider>;
}

/** Where the presence socket is (inactive, open, connecting). */
export function usePresenceState(): LiveState {
  return useContext(PresenceContext).state;
}

/** Calls `listener` with every presence message while mounted (inside <PresenceProvider>). */
export function usePresenceMessages(listener: PresenceListener): void {
  const { subscribe } = useContext(PresenceContext);
  const current = useRef(listener);
  current.current = listener;
  useEffect(() => subscribe((message) => current.current(message)), [subscribe]);
}
