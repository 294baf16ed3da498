import { Hono } from 'hono';
import { type AppContext, requirePlayer, type SessionVariables } from '../auth/session';
import { deleteNotification, findNotification } from '../db/notifications';
import type { NotificationRow } from '../db/schema';
import type { Env } from '../env';
import { forbidden, notFound } from '../lib/errors';
import { toNotification } from '../lib/resources/notifications';
import { pathId } from '../lib/validate';

type Notifications = { Bindings: Env; Variables: SessionVariables };

/** The notification of the path, when it is the signed-in player's: only its owner reads or deletes it. */
async function ownNotification(c: AppContext): Promise<NotificationRow> {
  const me = await requirePlayer(c);
  const notification = await findNotification(c.var.db, pathId(c));
  if (!notification) throw notFound('notification-not-found');
  if (notification.playerId !== me.id) throw forbidden();
  return notification;
}

// One notification by its self link. The player's list, and deleting it all, are on
// /api/players/{id}/notifications.
export const notificationsRoutes = new Hono<Notifications>()
  .get('/:id', async (c) => c.json(toNotification(await ownNotification(c))))
  // Deleting a notification marks it read; deleting one already gone is a 404 like any other.
  .delete('/:id', async (c) => {
    const notification = await ownNotification(c);
    await deleteNotification(c.var.db, notification.id, notification.playerId);
    return c.body(null, 204);
  });
