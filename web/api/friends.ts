import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowedPlayer, FriendPlayer, Relation } from '../../contract/friends';
import type { Page } from '../../contract/page';
import { api } from './client';

// Friends (contract/friends.ts): the signed-in player's relation to another player, follow and block,
// and the three lists of the Friends screen.

export type FriendsList = 'following' | 'followers' | 'blocks';

export const friendKeys = {
  all: ['friends'] as const,
  relation: (id: number) => ['friends', 'relation', id] as const,
  list: (which: FriendsList) => ['friends', 'list', which] as const,
};

/** How many players a page of a friends list brings; "Show more" asks for the next. */
const FRIENDS_PAGE = 50;
/** The following list's online dots and "in a game" are refreshed this often while the screen is open. */
const FOLLOWING_REFRESH_MS = 30_000;

/** How the signed-in player stands to player `id` (not asked for oneself or without a registered player). */
export function useRelation(id: number, enabled: boolean) {
  return useQuery({
    queryKey: friendKeys.relation(id),
    enabled,
    queryFn: ({ signal }) => api<Relation>(`/players/${id}/relation`, { signal }),
  });
}

/** One of the Friends screen's lists, page after page. */
export function useFriendsList<T extends FriendPlayer = FriendPlayer>(which: FriendsList) {
  return useInfiniteQuery({
    queryKey: friendKeys.list(which),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api<Page<'players', T>>(
        `/players/me/${which}?page=${pageParam}&size=${FRIENDS_PAGE}&sort=name&order=ASC`,
        { signal },
      ),
    getNextPageParam: (last) =>
      last.page.number + 1 < last.page.totalPages ? last.page.number + 1 : undefined,
    refetchInterval: which === 'following' ? FOLLOWING_REFRESH_MS : false,
  });
}

export const useFollowing = () => useFriendsList<FollowedPlayer>('following');

/** What a relation change does: PUT or DELETE on the follow or block path of player `id`. */
export type RelationChange = { on: 'follow' | 'block'; method: 'PUT' | 'DELETE' };

/** Follows, unfollows, blocks or unblocks player `id`; the relation takes the answer, the lists refresh. */
export function useChangeRelation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ on, method }: RelationChange) => api<Relation>(`/players/${id}/${on}`, { method }),
    onSuccess: (relation) => {
      client.setQueryData(friendKeys.relation(id), relation);
      void client.invalidateQueries({ queryKey: ['friends', 'list'] });
    },
  });
}

/** Removes a follower (DELETE /api/players/me/followers/{id}). */
export function useRemoveFollower() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/players/me/followers/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      void client.invalidateQueries({ queryKey: friendKeys.relation(id) });
      void client.invalidateQueries({ queryKey: friendKeys.list('followers') });
    },
  });
}
