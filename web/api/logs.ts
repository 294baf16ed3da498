import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from '../i18n';
import { invalidateLists, usePagedList } from './admin';
import { api } from './client';
import type { LogSummary } from '../../contract/logs';

// The server's log rows (SPEC sections 3 and 7), for admins: the list, one row, deleting one or all.

export const LOGS_HREF = '/api/logs/';

export const logKeys = {
  one: (id: number) => ['logs', 'one', id] as const,
};

export function useLogs(page: number, size?: number) {
  return usePagedList<LogSummary>(LOGS_HREF, 'logs', page, size);
}

export function useLog(id: number) {
  return useQuery({
    queryKey: logKeys.one(id),
    enabled: Number.isInteger(id) && id > 0,
    queryFn: ({ signal }) => api<LogSummary>(`/logs/${id}`, { signal }),
  });
}

/** Deletes one log row by its `delete` link (admins only); a missing one is SPEC section 8's error. */
export function useDeleteLog(onError: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (log: LogSummary) => {
      const href = log._links.delete?.href;
      if (!href) throw new Error(i18n.t('logs.errors.noLink'));
      return api<void>(href, { method: 'DELETE' });
    },
    onSuccess: (_nothing, log) => {
      client.removeQueries({ queryKey: logKeys.one(log.id) });
      return invalidateLists(client, '/api/');
    },
    onError,
  });
}

export function useDeleteAllLogs(onError: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(LOGS_HREF, { method: 'DELETE' }),
    onSuccess: () => {
      client.removeQueries({ queryKey: ['logs'] });
      return invalidateLists(client, '/api/');
    },
    onError,
  });
}
