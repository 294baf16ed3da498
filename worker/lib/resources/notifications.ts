import type { NotificationResource } from '../../../contract/notifications';
import type { NotificationRow } from '../../db/schema';
import { links } from '../hal';

/** A notification; marking all read is DELETE on the player's notifications link. */
export function toNotification(notification: NotificationRow): NotificationResource {
  return {
    id: notification.id,
    content: notification.content,
    link: notification.link,
    createdAt: new Date(notification.createdAt).toISOString(),
    _links: links({}),
  };
}
