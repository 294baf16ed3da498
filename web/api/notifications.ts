import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from '../i18n';
import { ApiError, api } from './client';
import {
  type NotificationList,
  notificationsPageHref,
  withNotification,
  withoutNotification,
} from './notificationCache';
import { useSession } from './session';
import type { NotificationResource } from '../../contract/notifications';
import type { Page } from '../../contract/page';
import type { PlayerResource } from '../../contract/players';

// The notifications of SPEC sections 2 and 7: the signed-in player's list (their notifications link),
// marking one read (DELETE its self link) or all (DELETE the list). Notifications are for registered
// players: a guest has no list and no bell.

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (playerId: number) => ['notifications', 'list', playerId] as const,
};

/** The player's notifications link, or null for a guest (or a player without the link). */
export function notificationsHref(player: PlayerResource | null): string | null {
  if (!player || player.guest) return null;
  return player._links.notifications?.href ?? null;
}

/** The signed-in player's notifications (the first 100, newest first) and their number; none for guests. */
export function useNotifications() {
  const { player } = useSession();
  const href = notificationsHref(player);
  return useQuery({
    queryKey: notificationKeys.list(player?.id ?? 0),
    enabled: href !== null,
    queryFn: async ({ signal }): Promise<NotificationList> => {
      const page = await api<Page<'notifications', NotificationResource>>(notificationsPageHref(href ?? ''), {
        signal,
      });
      const notifications = page._embedded.notifications ?? [];
      return { notifications, total: Math.max(page.page?.totalElements ?? 0, notifications.length) };
    },
  });
}

/**
 * A pushed notification goes into the player's cached list at once, and the list is fetched again
 * behind it, so one missed while the socket was down turns up too.
 */
export function receiveNotification(
  client: QueryClient,
  playerId: number,
  notification: NotificationResource,
): void {
  const key = notificationKeys.list(playerId);
  client.setQueryData<NotificationList>(key, (list) => withNotification(list, notification));
  void client.invalidateQueries({ queryKey: key });
}

/** A notification the server took back (it no longer holds) leaves the list and the bell. */
export function dropNotification(client: QueryClient, playerId: number, id: number): void {
  client.setQueryData<NotificationList>(notificationKeys.list(playerId), (list) =>
    withoutNotification(list, id),
  );
}

/** Fetches the list again (the socket reconnected: pushes may have been missed meanwhile). */
export function refreshNotifications(client: QueryClient, playerId: number): void {
  void client.invalidateQueries({ queryKey: notificationKeys.list(playerId) });
}

/** A notification another tab already marked read is gone: that is what was wanted. */
const alreadyGone = (error: unknown) => error instanceof ApiError && error.status === 404;

function selfHref(notification: NotificationResource): string {
  const href = notification._links.self?.href;
  if (!href) throw new Error(i18n.t('notifications.linkMissing'));
  return href;
}

/** Marks one notification read (deletes it); it leaves the list before the answer comes. */
export function useReadNotification(onError: (error: unknown) => void) {
  const client = useQueryClient();
  const { player } = useSession();
  const key = notificationKeys.list(player?.id ?? 0);
  return useMutation({
    mutationFn: async (notification: NotificationResource) => {
      try {
        await api<void>(selfHref(notification), { method: 'DELETE' });
      } catch (error) {
        if (!alreadyGone(error)) throw error;
      }
    },
    onMutate: async (notification) => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<NotificationList>(key, (list) => withoutNotification(list, notification.id));
    },
    onError,
    // On failure the refetch brings the notification back; on success it confirms the list.
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** Marks every notification read (deletes the player's list). */
export function useReadAllNotifications(onError: (error: unknown) => void) {
  const client = useQueryClient();
  const { player } = useSession();
  const href = notificationsHref(player);
  const key = notificationKeys.list(player?.id ?? 0);
  return useMutation({
    mutationFn: async () => {
      if (!href) throw new Error(i18n.t('account.linkMissing', { link: 'Notifications' }));
      await api<void>(href, { method: 'DELETE' });
    },
    onMutate: async () => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<NotificationList>(key, { notifications: [], total: 0 });
    },
    onError,
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
