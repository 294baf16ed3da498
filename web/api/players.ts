import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  OverallStats,
  PlayerResource,
  PlayerSearchResult,
  PlayerStats,
  PlayerYambStats,
} from '../../contract/players';
import type { ScoreSummary } from '../../contract/scores';
import type { PresetName } from '../../game/rules';
import { api } from './client';
import { LIST_GC_MS, LIST_STALE_MS } from './pages';

/** How many of a player's latest scores the history chart draws (the largest page the server answers). */
export const HISTORY_SIZE = 100;

export const playerKeys = {
  all: ['players'] as const,
  list: () => ['players', 'list'] as const,
  one: (id: number) => ['players', 'one', id] as const,
  stats: (id: number) => ['players', 'stats', id] as const,
  yamb: (id: number) => ['players', 'yamb', id] as const,
  overall: (preset: PresetName) => ['players', 'overall', preset] as const,
  scores: (id: number) => ['players', 'scores', id] as const,
  history: (id: number) => ['players', 'history', id] as const,
  // Not 'search': the clash picker's ['players', 'search', text] holds whole player resources.
  lookup: (text: string) => ['players', 'lookup', text] as const,
};

const cached = { staleTime: LIST_STALE_MS, gcTime: LIST_GC_MS };

export function usePlayer(id: number) {
  return useQuery({
    queryKey: playerKeys.one(id),
    enabled: id > 0,
    queryFn: ({ signal }) => api<PlayerResource>(`/players/${id}`, { signal }),
    ...cached,
  });
}

export function usePlayerStats(id: number) {
  return useQuery({
    queryKey: playerKeys.stats(id),
    enabled: id > 0,
    queryFn: ({ signal }) => api<PlayerStats>(`/players/${id}/stats`, { signal }),
    ...cached,
  });
}

/** The player's Yamb figures over their latest finished games (GET /api/players/{id}/yamb-stats). */
export function usePlayerYambStats(id: number) {
  return useQuery({
    queryKey: playerKeys.yamb(id),
    enabled: id > 0,
    queryFn: ({ signal }) => api<PlayerYambStats>(`/players/${id}/yamb-stats`, { signal }),
    ...cached,
  });
}

/** The players overview; its highest score and average are of `preset`. */
export function useOverallStats(preset: PresetName) {
  return useQuery({
    queryKey: playerKeys.overall(preset),
    queryFn: ({ signal }) => api<OverallStats>(`/players/stats?preset=${preset}`, { signal }),
    ...cached,
  });
}

/** The player's latest scores, oldest first, and how many they have in all: what the chart draws. */
export function useScoreHistory(id: number) {
  return useQuery({
    queryKey: playerKeys.history(id),
    enabled: id > 0,
    ...cached,
    queryFn: async ({ signal }) => {
      const page = await api<{ _embedded?: { scores?: ScoreSummary[] }; page: { totalElements: number } }>(
        `/players/${id}/scores?page=0&size=${HISTORY_SIZE}&sort=createdAt&order=DESC`,
        { signal },
      );
      return { scores: [...(page._embedded?.scores ?? [])].reverse(), total: page.page.totalElements };
    },
  });
}

/** The search box's answer: a few registered players whose name holds `text` (none asked for while empty). */
export function usePlayerLookup(text: string) {
  return useQuery({
    queryKey: playerKeys.lookup(text),
    enabled: text.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await api<PlayerSearchResult>(`/players/search?${new URLSearchParams({ q: text })}`, { signal }))
        ._embedded.players,
  });
}
