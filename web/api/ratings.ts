import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ClashResource } from '../../contract/clashes';
import type { Page } from '../../contract/page';
import type { HeadToHead, RatingChange } from '../../contract/ratings';
import type { PresetName } from '../../game/rules';
import { api } from './client';
import { LIST_GC_MS, LIST_STALE_MS } from './pages';
import { playerKeys } from './players';

/** How many of a player's latest rated clashes the rating chart draws (the largest page the server answers). */
export const RATING_HISTORY_SIZE = 100;

export const ratingKeys = {
  all: ['ratings'] as const,
  list: () => ['ratings', 'list'] as const,
  history: (id: number, preset?: PresetName) =>
    (preset ? ['ratings', 'history', id, preset] : ['ratings', 'history', id]) as readonly unknown[],
  headToHead: (id: number) => ['ratings', 'head-to-head', id] as const,
};

const cached = { staleTime: LIST_STALE_MS, gcTime: LIST_GC_MS };

/**
 * The player's latest rated clashes of a preset, oldest first, and how many they have in all: what the
 * chart draws.
 */
export function useRatingHistory(id: number, preset: PresetName, enabled = true) {
  return useQuery({
    queryKey: ratingKeys.history(id, preset),
    enabled: enabled && id > 0,
    ...cached,
    queryFn: async ({ signal }) => {
      const page = await api<Page<'ratings', RatingChange>>(
        `/players/${id}/ratings?page=0&size=${RATING_HISTORY_SIZE}&sort=createdAt&order=DESC&preset=${preset}`,
        { signal },
      );
      return { changes: [...(page._embedded?.ratings ?? [])].reverse(), total: page.page.totalElements };
    },
  });
}

/**
 * The signed-in viewer's record against the player, asked only when the player resource offers it (its
 * `headToHead` link: a signed-in viewer, someone else).
 */
export function useHeadToHead(id: number, href: string | undefined) {
  return useQuery({
    queryKey: ratingKeys.headToHead(id),
    enabled: !!href,
    ...cached,
    queryFn: ({ signal }) => api<HeadToHead>(`/players/${id}/head-to-head`, { signal }),
  });
}

/**
 * Once a clash is completed its players' ratings and records have moved: the cached player resources, the
 * histories, the records and the rating tab are read again.
 */
export function useRatingsAfter(clash: Pick<ClashResource, 'status' | 'players'> | undefined) {
  const client = useQueryClient();
  const completed = clash?.status === 'COMPLETED';
  const ids = clash?.players.map((p) => p.id).join(',') ?? '';
  useEffect(() => {
    if (!completed) return;
    for (const id of ids.split(',').map(Number)) {
      void client.invalidateQueries({ queryKey: playerKeys.one(id) });
      void client.invalidateQueries({ queryKey: ratingKeys.history(id) });
      void client.invalidateQueries({ queryKey: ratingKeys.headToHead(id) });
    }
    void client.invalidateQueries({ queryKey: ratingKeys.list() });
  }, [client, completed, ids]);
}
