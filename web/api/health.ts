import { useQuery } from '@tanstack/react-query';
import type { Health } from '../../contract/health';
import { ApiError, api } from './client';

const isHealth = (body: unknown): body is Health =>
  typeof body === 'object' && body !== null && 'services' in body && 'version' in body;

/** GET /api/health. A service down answers 503 with the same body: that is a status to show, not a failure. */
export async function fetchHealth(): Promise<Health> {
  try {
    return await api<Health>('/health');
  } catch (error) {
    if (error instanceof ApiError && isHealth(error.body)) return error.body;
    throw error;
  }
}

/** How often an open tab asks again, so a banner comes and goes with the outage. */
export const HEALTH_POLL_MS = 60_000;
/** How often while something is down: the banner goes soon after the service is back. */
export const DEGRADED_POLL_MS = 10_000;

/** The server's health, shared by the status tab and the degraded-service banner (one query key). */
export const useHealth = (pollMs: number | false = false) =>
  useQuery({
    queryKey: ['health'],
    queryFn: fetchHealth,
    staleTime: 0,
    refetchInterval: (query) =>
      pollMs !== false && query.state.data?.status === 'degraded'
        ? Math.min(pollMs, DEGRADED_POLL_MS)
        : pollMs,
  });
