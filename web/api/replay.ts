import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReplayResource, ReviewInput } from '../../contract/replay';
import { api } from './client';
import { playerKeys } from './players';

export const replayKeys = {
  replay: (id: number) => ['replays', id] as const,
};

/** A finished game's moves (GET /api/games/{id}/replay); a 404 says it may not be shown yet. */
export function useReplay(id: number) {
  return useQuery({
    queryKey: replayKeys.replay(id),
    enabled: id > 0,
    queryFn: ({ signal }) => api<ReplayResource>(`/games/${id}/replay`, { signal }),
    // A log never changes once it may be shown; a 404 is an answer, not a failure to retry.
    staleTime: Infinity,
    retry: false,
  });
}

/** Posts a review's figures to the replay's `review` link (the game's own player only); their page then shows them. */
export function useSaveReview(replay: ReplayResource | undefined, playerId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (figures: ReviewInput) => {
      const link = replay?._links.review;
      return link ? api<unknown>(link.href, { method: 'PUT', body: figures }) : Promise.resolve(null);
    },
    onSuccess: () => {
      if (playerId !== undefined) void client.invalidateQueries({ queryKey: playerKeys.one(playerId) });
    },
  });
}
