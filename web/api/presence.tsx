import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { api } from './client';
import { type LiveState, useLiveSocket } from './live';
import { dropNotification, receiveNotification, refreshNotifications } from './notifications';
import { useSession } from './session';
import { ACTIVE_PAGE_MAX } from '../../contract/presence';
import type { ActivePlayer, ActivePlayers, PresenceServerMessage } from '../../contract/presence';

// The presence channel (DESIGN.md "Live contract", /api/ws/players): one socket per tab, opened by
// <PresenceProvider> for every signed-in tab, guests included. It carries the player's own pushes
// (notifications, a quick match found). Who is online is not pushed, since a join would reach every tab:
// each screen asks GET /api/players/active for what it shows (a few players' states, the first page of
// those online) and asks again every ONLINE_REFRESH_MS, when the tab comes back, and when the socket reopens.

export const presenceKeys = {
  all: ['presence'] as const,
  online: (ids: readonly number[]) => ['presence', 'online', ids] as const,
  page: (limit: number) => ['presence', 'page', limit] as const,
};

const PRESENCE_PATH = '/api/ws/players';
/** How stale an online dot may get while nothing else asks again. */
export const ONLINE_REFRESH_MS = 15_000;
const NOBODY: ActivePlayer[] = [];

const activePath = (params: Record<string, string>) => `/players/active?${new URLSearchParams(params)}`;

/** The first `limit` players online by name, and how many are online in all. */
export function useOnlinePlayers(limit: number): { players: ActivePlayer[]; count: number | null } {
  const { player } = useSession();
  const query = useQuery({
    queryKey: presenceKeys.page(limit),
    enabled: player !== null,
    queryFn: ({ signal }) => api<ActivePlayers>(activePath({ limit: String(limit) }), { signal }),
    staleTime: ONLINE_REFRESH_MS,
    refetchInterval: ONLINE_REFRESH_MS,
  });
  return { players: query.data?._embedded.players ?? NOBODY, count: query.data?.count ?? null };
}

/** Which of `ids` are online now (at most ACTIVE_PAGE_MAX of them are asked about). */
export function useOnlineIds(ids: readonly number[]): ReadonlySet<number> {
  const { player } = useSession();
  const asked = [...new Set(ids)].sort((a, b) => a - b).slice(0, ACTIVE_PAGE_MAX);
  const query = useQuery({
    queryKey: presenceKeys.online(asked),
    enabled: player !== null && asked.length > 0,
    queryFn: ({ signal }) =>
      api<ActivePlayers>(activePath({ ids: asked.join(','), limit: String(ACTIVE_PAGE_MAX) }), { signal }),
    // An array of ids, which the cache shares structurally from one answer to the next (a Set it would not).
    select: onlineIdsOf,
    staleTime: ONLINE_REFRESH_MS,
    refetchInterval: ONLINE_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
  const online = query.data;
  return useMemo(() => (online ? new Set(online) : NO_IDS), [online]);
}

const onlineIdsOf = (reply: ActivePlayers) => reply._embedded.players.map((p) => p.id);
const NO_IDS: ReadonlySet<number> = new Set();

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
  if (live?.type === 'CONNECTED') return live as PresenceServerMessage;
  if (live?.type === 'NOTIFICATION' && live.notification) return live as PresenceServerMessage;
  if (live?.type === 'MATCHED' && live.clash) return live as PresenceServerMessage;
  if (live?.type === 'NOTIFICATION_GONE' && typeof live.id === 'number') return live as PresenceServerMessage;
  console.error('Unknown presence message', message);
  return null;
}

/**
 * Holds the tab's one presence socket (reconnecting after 5 s, with the heartbeat of useLiveSocket,
 * closed on sign-out and when the player changes). NOTIFICATION goes into the player's notification list. Components that want the messages themselves (the notification
 * toast, a quick match) subscribe with usePresenceMessages.
 */
export function PresenceProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const { player } = useSession();
  const playerId = player?.id ?? null;
  const registered = player !== null && !player.guest;
  const listeners = useRef(new Set<PresenceListener>());

  const onMessage = useCallback(
    (raw: unknown) => {
      const message = presenceMessage(raw);
      if (!message) return;
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
    if (openedFor.current === playerId) void client.invalidateQueries({ queryKey: presenceKeys.all });
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
