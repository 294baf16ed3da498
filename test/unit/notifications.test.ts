import { describe, expect, it } from 'vitest';
import {
  appPath,
  badgeText,
  notificationsPageHref,
  withNotification,
  withoutNotification,
} from '../../web/api/notificationCache';
import { notificationText, timeAgo } from '../../web/components/notifications/wording';
import type { NotificationResource } from '../../contract/notifications';

// What the bell and its list make of the notifications that arrive: the count on the badge, the order of
// the list, a push that comes twice, where a click leads, and how each one reads.

function notification(id: number, createdAt: string, over: Partial<NotificationResource> = {}) {
  return {
    id,
    kind: 'clash-invitation',
    params: { player: 'Ana', clash: 'Friday' },
    content: 'Ana invites you to the clash "Friday"',
    link: `/clashes/${id}`,
    createdAt,
    _links: { self: { href: `/api/notifications/${id}` } },
    ...over,
  } satisfies NotificationResource;
}

describe('the badge', () => {
  it('shows the count up to 99, then "99+"', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(2500)).toBe('99+');
  });
});

describe('the list', () => {
  const older = notification(1, '2026-03-01T10:00:00.000Z');
  const newer = notification(2, '2026-03-01T11:00:00.000Z');

  it('asks for the first hundred, newest first, on the player’s link', () => {
    expect(notificationsPageHref('/api/players/7/notifications')).toBe(
      '/api/players/7/notifications?page=0&size=100&sort=createdAt&order=DESC',
    );
    expect(notificationsPageHref('/api/players/7/notifications?x=1')).toBe(
      '/api/players/7/notifications?x=1&page=0&size=100&sort=createdAt&order=DESC',
    );
  });

  const ids = (list: { notifications: NotificationResource[] }) => list.notifications.map((n) => n.id);
  const listOf = (...notifications: NotificationResource[]) => ({
    notifications,
    total: notifications.length,
  });

  it('puts a pushed notification first, and counts it', () => {
    const list = withNotification(listOf(older), newer);
    expect(ids(list)).toEqual([2, 1]);
    expect(list.total).toBe(2);
    expect(withNotification(undefined, newer)).toEqual({ notifications: [newer], total: 1 });
  });

  it('lists and counts a notification pushed twice once', () => {
    const list = withNotification(listOf(newer, older), newer);
    expect(ids(list)).toEqual([2, 1]);
    expect(list.total).toBe(2);
  });

  it('keeps the newest first when an older one arrives late', () => {
    expect(ids(withNotification(listOf(newer), older))).toEqual([2, 1]);
  });

  it('of two made in the same millisecond, the later id comes first', () => {
    const twin = notification(3, newer.createdAt);
    expect(ids(withNotification(listOf(newer), twin))).toEqual([3, 2]);
  });

  it('counts the ones past the first page too', () => {
    expect(withNotification({ notifications: [older], total: 150 }, newer).total).toBe(151);
    expect(withoutNotification({ notifications: [newer, older], total: 150 }, 2).total).toBe(149);
  });

  it('loses a notification marked read; one it does not hold changes nothing', () => {
    expect(withoutNotification(listOf(newer, older), 2)).toEqual(listOf(older));
    expect(withoutNotification(listOf(older), 2)).toEqual(listOf(older));
    expect(withoutNotification(undefined, 2)).toEqual({ notifications: [], total: 0 });
  });
});

describe('where a notification leads', () => {
  const origin = 'https://yamb.example';

  it('a path of the app is followed in the app', () => {
    expect(appPath('/clashes/4', origin)).toBe('/clashes/4');
    expect(appPath('https://yamb.example/clashes/4?x=1#y', origin)).toBe('/clashes/4?x=1#y');
  });

  it('no link, another site or a protocol-relative link leads nowhere in the app', () => {
    expect(appPath(null, origin)).toBeNull();
    expect(appPath('https://evil.example/clashes/4', origin)).toBeNull();
    expect(appPath('//evil.example/clashes/4', origin)).toBeNull();
    expect(appPath('javascript:alert(1)', origin)).toBeNull();
  });
});

describe('how a notification reads', () => {
  const t = (key: string, options?: Record<string, unknown>) => `${key} ${JSON.stringify(options)}`;

  it('is worded from its kind and params in the reader’s language', () => {
    expect(notificationText(t, notification(1, '2026-03-01T10:00:00.000Z'))).toBe(
      'notifications.kinds.clash-invitation {"player":"Ana","clash":"Friday"}',
    );
  });

  it('without a kind it keeps the server’s sentence', () => {
    const plain = notification(1, '2026-03-01T10:00:00.000Z', { kind: null, content: 'Hello' });
    expect(notificationText(t, plain)).toBe('Hello');
  });

  it('says how long ago it came, then the date', () => {
    const now = Date.parse('2026-03-10T12:00:00.000Z');
    expect(timeAgo('2026-03-10T11:59:30.000Z', now, 'en-US')).toBe('now');
    // A server clock a little ahead is still "now", never "in 5 seconds".
    expect(timeAgo('2026-03-10T12:00:05.000Z', now, 'en-US')).toBe('now');
    expect(timeAgo('2026-03-10T11:55:00.000Z', now, 'en-US')).toBe('5 minutes ago');
    expect(timeAgo('2026-03-10T09:00:00.000Z', now, 'en-US')).toBe('3 hours ago');
    expect(timeAgo('2026-03-09T12:00:00.000Z', now, 'en-US')).toBe('yesterday');
    expect(timeAgo('2026-03-09T12:00:00.000Z', now, 'hr')).toBe('jučer');
    expect(timeAgo('2026-02-01T12:00:00.000Z', now, 'en-US')).toBe('Feb 1, 2026');
  });
});
