// What the notification list does with what arrives (a page, a pushed notification, a deletion), and how
// the bell words its count. Pure, so the unit tests run it in node.
import type { NotificationResource } from '../../contract/notifications';

/** SPEC section 9: the badge shows at most "99+". */
export const BADGE_CAP = 99;

/** Every notification fits one page: a player rarely has more, and the bell counts them all. */
export const NOTIFICATIONS_PAGE_SIZE = 100;

export function badgeText(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

/** The first page of the player's notifications link, newest first. */
export function notificationsPageHref(href: string, size = NOTIFICATIONS_PAGE_SIZE): string {
  const query = `page=0&size=${size}&sort=createdAt&order=DESC`;
  return `${href}${href.includes('?') ? '&' : '?'}${query}`;
}

/** What the cache holds: the first page, newest first, and how many the player has in all (the badge). */
export interface NotificationList {
  notifications: NotificationResource[];
  total: number;
}

const newestFirst = (a: NotificationResource, b: NotificationResource) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id;

/**
 * The list with `notification` in its place, newest first. A notification pushed twice (two sockets of
 * one tab around a reconnect, or the push and a refetch racing) is listed and counted once.
 */
export function withNotification(
  list: NotificationList | undefined,
  notification: NotificationResource,
): NotificationList {
  const others = (list?.notifications ?? []).filter((n) => n.id !== notification.id);
  const known = others.length < (list?.notifications.length ?? 0);
  return {
    notifications: [...others, notification].sort(newestFirst),
    total: (list?.total ?? 0) + (known ? 0 : 1),
  };
}

export function withoutNotification(list: NotificationList | undefined, id: number): NotificationList {
  const notifications = (list?.notifications ?? []).filter((n) => n.id !== id);
  const removed = (list?.notifications.length ?? 0) - notifications.length;
  return { notifications, total: Math.max(0, (list?.total ?? 0) - removed) };
}
/**
 * Where a notification's link leads inside the app: its path for a link of this site (relative, or
 * absolute on `origin`), null for none. Anything else is not followed in the app.
 */
export function appPath(link: string | null, origin: string): string | null {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//')) return link;
  try {
    const url = new URL(link);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
