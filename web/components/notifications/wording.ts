// How a notification reads: its words in the reader's language, and when it came. Pure (the translate
// function, the clock and the language are passed in), so node can test it.
import type { NotificationResource } from '../../../contract/notifications';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The notification in the reader's language from its kind; a notification without one keeps its English. */
export function notificationText(t: Translate, notification: NotificationResource): string {
  if (!notification.kind) return notification.content;
  return t(`notifications.kinds.${notification.kind}`, { ...notification.params });
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** "just now", "5 minutes ago", "yesterday", ... within a week; the date after that. */
export function timeAgo(createdAt: string, now: number, language: string): string {
  const at = Date.parse(createdAt);
  // A clock a little ahead of the server's must not say "in 3 seconds".
  const seconds = Math.min(0, Math.round((at - now) / 1000));
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const ago = -seconds;
  if (ago < MINUTE) return relative.format(0, 'second');
  if (ago < HOUR) return relative.format(Math.round(seconds / MINUTE), 'minute');
  if (ago < DAY) return relative.format(Math.round(seconds / HOUR), 'hour');
  if (ago < WEEK) return relative.format(Math.round(seconds / DAY), 'day');
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(at);
}

/** The full date and time, for the tooltip of a relative time. */
export function fullTime(createdAt: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    Date.parse(createdAt),
  );
}
