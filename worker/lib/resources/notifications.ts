import type { NotificationResource } from '../../../contract/notifications';
import type { NotificationRow } from '../../db/schema';
import { links } from '../hal';

export const notificationPath = (id: number) => `/api/notifications/${id}`;

/** A notification; deleting it by its self link marks it read. */
export function toNotification(notification: NotificationRow): NotificationResource {
  return {
    id: notification.id,
    kind: notification.kind,
    params: notification.params ?? {},
    content: notification.content,
    link: notification.link,
    createdAt: new Date(notification.createdAt).toISOString(),
    _links: links({ self: notificationPath(notification.id) }),
  };
}
