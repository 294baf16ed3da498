import { useCallback } from 'react';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import i18n from '../i18n';
import { api } from './client';
import { isNewerClash } from './clashCache';
import { usePresenceMessages } from './presence';
import { botClashName } from './quickMatchState';
import type { ClashResource, CreateClash, TurnSeconds } from '../../contract/clashes';
import type { Page } from '../../contract/page';
import type { PlayerResource } from '../../contract/players';
import type { PresetName } from '../../game/rules';

// The clashes: their cache keys, the lists, creating one, the players to ask. One clash on its screen (its
// query, the lobby's actions, its live socket) is in api/clash.ts.

export const clashKeys = {
  all: ['clashes'] as const,
  /** The player's clashes; `['clashes', 'list', 'all']` holds every clash an admin lists. */
  list: (scope: 'mine' | 'all' = 'mine') =>
    scope === 'mine' ? (['clashes', 'list'] as const) : (['clashes', 'list', 'all'] as const),
  clash: (id: number) => ['clashes', 'one', id] as const,
  search: (name: string) => ['players', 'search', name] as const,
};

/** Puts a clash into the cache (unless it holds a newer state) and lets the list fetch itself again. */
export function storeClash(client: QueryClient, clash: ClashResource): void {
  client.setQueryData<ClashResource>(clashKeys.clash(clash.id), (current) =>
    isNewerClash(clash, current) ? clash : current,
  );
  void client.invalidateQueries({ queryKey: clashKeys.list(), refetchType: 'none' });
}

/**
 * The signed-in player's clashes, those where it is their turn first (the server's `turn` order: up to 30
 * correspondence clashes and a few live ones fit one page), or for an admin asking for `all`, the newest 100 of everyone's. Every clash notification (an
 * invitation, a start, a turn, the end) means the list changed: it is fetched again when one arrives on
 * the presence channel.
 */
export function useClashes(enabled: boolean, scope: 'mine' | 'all' = 'mine') {
  const client = useQueryClient();
  usePresenceMessages((message) => {
    if (message.type === 'NOTIFICATION' || message.type === 'MATCHED')
      void client.invalidateQueries({ queryKey: clashKeys.list() });
  });
  return useQuery({
    queryKey: clashKeys.list(scope),
    enabled,
    queryFn: async ({ signal }) => {
      const page = await api<Page<'clashes', ClashResource>>(
        `/clashes/?page=0&size=100&${scope === 'all' ? 'sort=updatedAt&order=DESC&all=true' : 'sort=turn'}`,
        { signal },
      );
      return page._embedded?.clashes ?? [];
    },
  });
}

/** Registered players whose name contains `name`, for the clash player picker. */
export function usePlayerSearch(name: string) {
  const text = name.trim();
  return useQuery({
    queryKey: clashKeys.search(text),
    enabled: text.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({
        name: text,
        guest: 'false',
        sort: 'name',
        order: 'ASC',
        size: '10',
      });
      const page = await api<Page<'players', PlayerResource>>(`/players/?${query}`, { signal });
      return page._embedded?.players ?? [];
    },
  });
}

/** The practice bot, Yamb Bot, whom the create form offers; it never changes, so it is asked once. */
export function useYambBot(enabled = true) {
  return useQuery({
    queryKey: [...clashKeys.search(''), 'bot'],
    enabled,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const page = await api<Page<'players', PlayerResource>>('/players/?bot=true&size=1', { signal });
      return page._embedded?.players?.[0] ?? null;
    },
  });
}

/**
 * Starts a clash of `player` against Yamb Bot, named after both, with `turnSeconds` a turn and the preset's
 * rules: the quick match's offer when nobody came (in the preset the player waited for), and the one-click
 * practice on /clashes. The bot is asked for once.
 */
export function useBotClash(enabled = true) {
  const { data: known, refetch } = useYambBot(enabled);
  const { mutateAsync: create } = useCreateClash();
  return useCallback(
    async (player: PlayerResource, turnSeconds: TurnSeconds | null, preset: PresetName = 'CLASSIC') => {
      const bot = known ?? (await refetch()).data;
      if (!bot) throw new Error(i18n.t('clashes.practice.missing'));
      return create({
        ownerId: player.id,
        playerIds: [player.id, bot.id],
        type: 'LIVE',
        name: botClashName(player.name, bot.name),
        turnSeconds,
        rules: preset,
      });
    },
    [known, refetch, create],
  );
}

export function useCreateClash() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateClash) => api<ClashResource>('/clashes/', { method: 'POST', body }),
    onSuccess: (clash) => {
      storeClash(client, clash);
      void client.invalidateQueries({ queryKey: clashKeys.list() });
    },
  });
}
