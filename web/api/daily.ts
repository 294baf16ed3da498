import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DailyPlayerResource, DailyResource } from '../../contract/daily';
import type { GameResource } from '../../contract/games';
import { api } from './client';
import { storeGame } from './games';
import { LIST_GC_MS, LIST_STALE_MS } from './paging';

export const dailyKeys = {
  all: ['daily'] as const,
  /** GET /api/daily for the signed-in player (the key holds their id: another player is another answer). */
  today: (playerId: number) => ['daily', 'today', playerId] as const,
  /** The stem of a day's ranking pages (api/pages.ts adds each page's url). */
  scores: (day: string) => ['daily', 'scores', day] as const,
  player: (id: number) => ['daily', 'player', id] as const,
};

/**
 * Today's daily game for the signed-in player: asked once on load for the nav's dot (which is also when
 * the server tells a registered player, once a day, that the game waits), then kept fresh a minute.
 */
export function useDaily(playerId: number | undefined) {
  return useQuery({
    queryKey: dailyKeys.today(playerId ?? 0),
    enabled: playerId !== undefined,
    queryFn: ({ signal }) => api<DailyResource>('/daily', { signal }),
    staleTime: LIST_STALE_MS,
    gcTime: LIST_GC_MS,
  });
}

/** Starts today's game through the `start` link; the game goes to the cache and today's resource is asked again. */
export function useStartDaily() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (href: string) => api<GameResource>(href, { method: 'POST' }),
    onSuccess: (game) => storeGame(client, game),
    onSettled: () => client.invalidateQueries({ queryKey: dailyKeys.all }),
  });
}

/** Any player's daily streak (GET /api/daily/players/{id}). */
export function useDailyStreak(id: number) {
  return useQuery({
    queryKey: dailyKeys.player(id),
    enabled: id > 0,
    queryFn: ({ signal }) => api<DailyPlayerResource>(`/daily/players/${id}`, { signal }),
    staleTime: LIST_STALE_MS,
    gcTime: LIST_GC_MS,
  });
}
