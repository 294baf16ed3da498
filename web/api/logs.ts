import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from '../i18n';
import { api } from './client';
import { usePagedList } from './pages';
import type { LOG_SORTS, LogSummary } from '../../contract/logs';

// The server's log rows (SPEC sections 3 and 7), for admins: the list, one row, deleting one or all.

export const LOGS_HREF = '/api/logs/';

export const logKeys = {
  list: () => ['logs', 'list'] as const,
  one: (id: number) => ['logs', 'one', id] as const,
};

export type LogSort = (typeof LOG_SORTS)[number];

/** Every list a log row can be on: all logs, and a player's on their page (for admins). */
const invalidateLogLists = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    client.invalidateQueries({ queryKey: logKeys.list() }),
    client.invalidateQueries({ queryKey: ['admin', 'player', 'logs'] }),
  ]);

/** `enabled` false asks nothing (a non-admin is being sent away: the server would refuse, and log the refusal). */
export function useLogs(enabled = true) {
  return usePagedList<LogSummary, LogSort>({
    key: logKeys.list(),
    path: LOGS_HREF,
    name: 'logs',
    sort: 'createdAt',
    enabled,
  });
}

export function useLog(id: number, allowed = true) {
  return useQuery({
    queryKey: logKeys.one(id),
    enabled: allowed && Number.isInteger(id) && id > 0,
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
      return invalidateLogLists(client);
    },
    onError,
  });
}

export function useDeleteAllLogs(onError: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(LOGS_HREF, { method: 'DELETE' }),
    onSuccess: () => {
      client.removeQueries({ queryKey: ['logs', 'one'] });
      return invalidateLogLists(client);
    },
    onError,
  });
}
