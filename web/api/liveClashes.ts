import { useQuery } from '@tanstack/react-query';
import type { LiveClashList } from '../../contract/liveClashes';
import { api } from './client';

/** How often the "Live now" list asks again while it is on screen: clashes start and end on their own. */
const LIVE_CLASHES_POLL_MS = 15_000;

/** The clashes being played, anyone's, for the "Live now" list (GET /api/clashes/live). */
export function useLiveClashes() {
  return useQuery({
    queryKey: ['clashes', 'live'] as const,
    queryFn: async ({ signal }) => (await api<LiveClashList>('/clashes/live', { signal }))._embedded.clashes,
    staleTime: 5_000,
    refetchInterval: LIVE_CLASHES_POLL_MS,
  });
}
