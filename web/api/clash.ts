import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import i18n from '../i18n';
import { clashKeys, storeClash } from './clashes';
import { api } from './client';
import { isNewerClash } from './clashCache';
import { type LiveState, useLiveChannel } from './live';
import type {
  ClashChatMessage,
  ClashClientMessage,
  ClashLogEntry,
  ClashResource,
  ClashServerMessage,
} from '../../contract/clashes';

// One clash on its screen: its query, the lobby's actions on it, its live socket. The lists, creating one
// and the cache keys are in api/clashes.ts.

/** SPEC section 9: a clash UPDATE waits this long, so everyone sees the last dice land before the board moves on. */
export const CLASH_UPDATE_DELAY_MS = 1500;

export function useClash(id: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: clashKeys.clash(id),
    enabled: id > 0,
    // The live socket keeps it current; a refetch could only race the delayed UPDATEs.
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const fetched = await api<ClashResource>(`/clashes/${id}`, { signal });
      const current = client.getQueryData<ClashResource>(clashKeys.clash(id));
      return isNewerClash(fetched, current) ? fetched : (current as ClashResource);
    },
  });
}

/**
 * What the lobby can ask of a pending clash, and a player of a running one (resign, pass a stalled turn),
 * each through its link (SPEC section 8: no link, no call).
 */
export type ClashAction =
  | { type: 'accept'; playerId: number }
  | { type: 'decline'; playerId: number }
  | { type: 'add'; playerIds: number[] }
  | { type: 'remove'; playerIds: number[] }
  | { type: 'delete' }
  | { type: 'resign' }
  | { type: 'pass' }
  | { type: 'moreTime' };

const MISSING: Record<ClashAction['type'], string> = {
  accept: 'clashes.errors.noAccept',
  decline: 'clashes.errors.noDecline',
  add: 'clashes.errors.noAdd',
  remove: 'clashes.errors.noRemove',
  delete: 'clashes.errors.noDelete',
  resign: 'clashes.errors.noResign',
  pass: 'clashes.errors.noPass',
  moreTime: 'clashes.errors.noMoreTime',
};

/** The request an action makes: its link's href, method and body. */
export function clashRequest(
  clash: ClashResource,
  action: ClashAction,
): { href: string; method: 'PUT' | 'DELETE'; body?: unknown } {
  const link = clash._links[action.type];
  if (!link) throw new Error(i18n.t(MISSING[action.type]));
  switch (action.type) {
    case 'accept':
    case 'decline':
      return { href: link.href, method: 'PUT', body: { playerId: action.playerId } };
    case 'add':
    case 'remove':
      return { href: link.href, method: 'PUT', body: { playerIds: action.playerIds } };
    case 'delete':
      return { href: link.href, method: 'DELETE' };
    case 'resign':
    case 'pass':
    case 'moreTime':
      return { href: link.href, method: 'PUT' };
  }
}

/**
 * The lobby's actions on clash `id`. Each answer is the clash as it is now, applied at once (it is the
 * viewer's own doing: no delay); a delete answers nothing and drops the clash from the cache.
 */
export function useClashAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: ClashAction) => {
      const clash = client.getQueryData<ClashResource>(clashKeys.clash(id));
      if (!clash) throw new Error(i18n.t(MISSING[action.type]));
      const { href, method, body } = clashRequest(clash, action);
      return (await api<ClashResource | undefined>(href, { method, body })) ?? null;
    },
    onSuccess: (clash, action) => {
      if (action.type === 'delete') client.removeQueries({ queryKey: clashKeys.clash(id) });
      else if (clash) storeClash(client, clash);
      void client.invalidateQueries({ queryKey: clashKeys.list() });
    },
    onError: () => {
      // The screen was out of date (someone else acted first): show the clash as it is.
      void client.invalidateQueries({ queryKey: clashKeys.clash(id) });
    },
  });
}

export interface LiveClashHandlers {
  onChat: (message: ClashChatMessage) => void;
  /** Lines of the clash log: all of it (`whole`) after each (re)connect, then each as it is written. */
  onLog: (entries: ClashLogEntry[], whole: boolean) => void;
  /** The room refused this tab's reaction or suggestion (too early, not a member, invalid). */
  onRefused: (key: string) => void;
}

export interface LiveClash {
  live: LiveState;
  /** Sends a reaction or suggestion; false when the socket is not open. */
  send: (message: ClashClientMessage) => boolean;
}

/** A function that runs its argument `delayMs` from now, unless the screen has gone by then. */
function useLater(delayMs: number): (run: () => void) => void {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  return useCallback(
    (run: () => void) => {
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        run();
      }, delayMs);
      timers.current.add(timer);
    },
    [delayMs],
  );
}

/**
 * Keeps clash `id` current from `/api/ws/clashes/{id}`. The first UPDATE after each (re)connect is the
 * state to catch up with and applies at once; every later one waits CLASH_UPDATE_DELAY_MS (SPEC section 9),
 * so the board that a fill ends keeps its landed dice in view before the turn moves on (and so does the
 * log's line of that turn). Reactions and suggestions go to `handlers` as they come.
 */
export function useLiveClash(id: number, handlers: LiveClashHandlers): LiveClash {
  const client = useQueryClient();
  const latest = useRef(handlers);
  latest.current = handlers;
  // True until the first UPDATE of the current connection has been applied.
  const catchingUp = useRef(true);
  const later = useLater(CLASH_UPDATE_DELAY_MS);

  const apply = useCallback(
    (clash: ClashResource | null) => {
      if (clash === null) {
        // The clash is gone (deleted while pending): the screen shows that it does not exist.
        void client.resetQueries({ queryKey: clashKeys.clash(id) });
      } else if (clash.id === id) {
        storeClash(client, clash);
      }
    },
    [client, id],
  );

  const onMessage = useCallback(
    (raw: unknown) => {
      const message = raw as Partial<ClashServerMessage> | null;
      switch (message?.type) {
        case 'UPDATE': {
          const { clash } = message as Extract<ClashServerMessage, { type: 'UPDATE' }>;
          if (catchingUp.current) {
            catchingUp.current = false;
            apply(clash);
            return;
          }
          later(() => apply(clash));
          return;
        }
        case 'REACTION':
        case 'SUGGESTION':
          latest.current.onChat(message as ClashChatMessage);
          return;
        case 'LOG': {
          const { entries, whole } = message as Extract<ClashServerMessage, { type: 'LOG' }>;
          // A turn's line waits with the UPDATE that moves the board on; what members say shows at once.
          if (whole || entries.every((e) => e.kind === 'REACTION' || e.kind === 'SUGGESTION')) {
            latest.current.onLog(entries, whole);
            return;
          }
          later(() => latest.current.onLog(entries, false));
          return;
        }
        case 'ERROR':
          latest.current.onRefused((message as Extract<ClashServerMessage, { type: 'ERROR' }>).key);
          return;
      }
    },
    [apply, later],
  );

  const channel = useLiveChannel(id > 0 ? `/api/ws/clashes/${id}` : null, onMessage);

  // A closed socket catches up again on its next connect: its first UPDATE is the state it missed.
  useEffect(() => {
    if (channel.state !== 'open') catchingUp.current = true;
  }, [channel.state]);

  const { send } = channel;
  return {
    live: channel.state,
    send: useCallback((message: ClashClientMessage) => send(message), [send]),
  };
}
