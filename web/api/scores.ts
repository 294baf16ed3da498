import { useQuery } from '@tanstack/react-query';
import type { ScoreResource, ScorePeriod, ScoreStats, ScoreSummary } from '../../contract/scores';
import type { PresetName } from '../../game/rules';
import { api } from './client';
import { LIST_GC_MS, LIST_STALE_MS } from './pages';

export { SCORE_PERIODS as PERIODS } from '../../contract/scores';
export type Period = ScorePeriod;

export const scoreKeys = {
  all: ['scores'] as const,
  list: () => ['scores', 'list'] as const,
  one: (id: number) => ['scores', 'one', id] as const,
  stats: (period: Period, preset: PresetName) => ['scores', 'stats', period, preset] as const,
  best: (playerId: number, period: Period, preset: PresetName) =>
    ['scores', 'best', playerId, period, preset] as const,
};

export function useScore(id: number) {
  return useQuery({
    queryKey: scoreKeys.one(id),
    enabled: id > 0,
    queryFn: ({ signal }) => api<ScoreResource>(`/scores/${id}`, { signal }),
    staleTime: LIST_STALE_MS,
  });
}

/** The score statistics of a period and preset (GET /api/scores/stats). */
export function useScoreStats(period: Period, preset: PresetName) {
  return useQuery({
    queryKey: scoreKeys.stats(period, preset),
    queryFn: ({ signal }) => api<ScoreStats>(`/scores/stats?period=${period}&preset=${preset}`, { signal }),
    staleTime: LIST_STALE_MS,
    gcTime: LIST_GC_MS,
  });
}

/** A player's best score of a period and preset (null when they have none), for the rankings' highlight. */
export function useBestScore(playerId: number | undefined, period: Period, preset: PresetName) {
  return useQuery({
    queryKey: scoreKeys.best(playerId ?? 0, period, preset),
    enabled: playerId !== undefined,
    staleTime: LIST_STALE_MS,
    gcTime: LIST_GC_MS,
    queryFn: async ({ signal }) => {
      const page = await api<{ _embedded?: { scores?: ScoreSummary[] } }>(
        `/scores/?page=0&size=1&sort=value&order=DESC&period=${period}&preset=${preset}&playerId=${playerId}`,
        { signal },
      );
      return page._embedded?.scores?.[0] ?? null;
    },
  });
}
