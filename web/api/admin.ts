import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import type { Links } from '../../contract/links';
import type { Metrics } from '../../contract/metrics';
import type { PlayerResource } from '../../contract/players';
import { playerKeys } from './players';

// What the admin screens share: the server's figures, and deleting a player's game, clash or log from the
// sections on their page.

/** The query key stem of the lists on a player's page, for admins (the url is appended per page). */
export const adminKeys = {
  playerList: (kind: Deletable, playerId: number) => ['admin', 'player', kind, playerId] as const,
};

/** GET /api/metrics: the server's figures, for admins (everyone else gets a 403). */
export function useMetrics(enabled: boolean) {
  return useQuery({
    queryKey: ['metrics'],
    enabled,
    staleTime: 0,
    queryFn: ({ signal }) => api<Metrics>('/metrics', { signal }),
  });
}

export type Deletable = 'games' | 'clashes' | 'logs';

type Row = { id: number; _links?: Links<'self' | 'delete'> };

/** The href to delete a row: its delete link, else its self link, else its path under /api/{kind}/. */
export function deleteHref(kind: Deletable, row: Row): string {
  return row._links?.delete?.href ?? row._links?.self?.href ?? `/api/${kind}/${row.id}`;
}

/** Deletes one row (admins); every list of that kind is fetched again afterwards. */
export function useAdminDelete(kind: Deletable, onError: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (row: Row) => api<void>(deleteHref(kind, row), { method: 'DELETE' }),
    onError,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'player', kind] }),
        client.invalidateQueries({ queryKey: [kind] }),
      ]),
  });
}

/**
 * Bans a player (PUT on their `ban` link, with the reason) or lifts the ban (DELETE on `unban`), by the
 * links of the resource on screen. The answer is the player as they are now; every list is fetched
 * again, since a banned player leaves the lists and rankings.
 */
export function useBan(onError: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ player, reason }: { player: PlayerResource; reason: string | null }) => {
      const link = reason === null ? player._links.unban : player._links.ban;
      if (!link) throw new Error('no ban link');
      return api<PlayerResource>(link.href, {
        method: reason === null ? 'DELETE' : 'PUT',
        body: reason === null ? undefined : { reason },
      });
    },
    onSuccess: (player) => client.setQueryData(playerKeys.one(player.id), player),
    onError,
    onSettled: () => client.invalidateQueries(),
  });
}
