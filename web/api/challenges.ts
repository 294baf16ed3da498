import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChallengeJoined,
  ChallengeList,
  ChallengeResource,
  CreateChallenge,
} from '../../contract/challenges';
import type { ClashResource } from '../../contract/clashes';
import { clashKeys, storeClash } from './clashes';
import { api } from './client';

// Challenge links (issue 29): making one, the maker's open ones, one link's page, joining and cancelling;
// and a completed clash's rematch.

export const challengeKeys = {
  mine: ['challenges', 'mine'] as const,
  one: (code: string) => ['challenges', 'one', code] as const,
};

/** The signed-in player's open links, with the seats taken; fetched again every minute for the time left. */
export function useMyChallenges(enabled: boolean) {
  return useQuery({
    queryKey: challengeKeys.mine,
    enabled,
    refetchInterval: 60_000,
    queryFn: async ({ signal }) =>
      (await api<ChallengeList>('/challenges/', { signal }))._embedded.challenges,
  });
}

export function useCreateChallenge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChallenge) => api<ChallengeResource>('/challenges/', { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: challengeKeys.mine }),
  });
}

/** One link as its page shows it: anyone may read it; while it waits for players it is asked again now and then. */
export function useChallenge(code: string) {
  return useQuery<ChallengeResource, Error>({
    queryKey: challengeKeys.one(code),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'OPEN' ? 10_000 : false),
    queryFn: ({ signal }) => api<ChallengeResource>(`/challenges/${encodeURIComponent(code)}`, { signal }),
  });
}

/** Takes a seat through the link's `join` link: the clash once full, else the challenge with the seat. */
export function useJoinChallenge(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (challenge: ChallengeResource) => {
      const href = challenge._links.join?.href ?? `/challenges/${encodeURIComponent(code)}/join`;
      return api<ChallengeJoined>(href, { method: 'POST' });
    },
    onSuccess: ({ challenge, clash }) => {
      client.setQueryData(challengeKeys.one(code), challenge);
      if (clash) storeClash(client, clash);
    },
  });
}

export function useCancelChallenge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (challenge: ChallengeResource) => {
      const href = challenge._links.delete?.href;
      if (!href) throw new Error('no delete link');
      await api<undefined>(href, { method: 'DELETE' });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: challengeKeys.mine }),
  });
}

/** Proposes a rematch of the completed clash through its `rematch` link; the answer is the rematch. */
export function useRematch(clash: ClashResource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => {
      const href = clash._links.rematch?.href;
      if (!href) throw new Error('no rematch link');
      return api<ClashResource>(href, { method: 'POST' });
    },
    onSuccess: (rematch) => {
      storeClash(client, rematch);
      client.setQueryData<ClashResource>(clashKeys.clash(clash.id), (current) =>
        current ? { ...current, rematchId: rematch.id } : current,
      );
    },
  });
}
