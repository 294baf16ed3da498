import { Hono } from 'hono';
import { NOTIFICATION_SORTS } from '../../contract/notifications';
import { pageQuery } from '../../contract/page';
import type { SessionVariables } from '../auth/session';
import { deletePlayerNotifications, playerNotifications } from '../db/notifications';
import type { Env } from '../env';
import { page } from '../lib/hal';
import { toNotification } from '../lib/resources/notifications';
import { readQuery } from '../lib/validate';
import { ownAccount } from './pathPlayer';

type PlayerNotifications = { Bindings: Env; Variables: SessionVariables };

/** A player's own notifications (/api/players/:id/notifications); one notification is routes/notifications.ts's. */
export const playerNotificationsRoutes = new Hono<PlayerNotifications>()
  .get('/:id/notifications', async (c) => {
    const request = readQuery(c, pageQuery(NOTIFICATION_SORTS, 'createdAt'));
    const me = await ownAccount(c);
    const { rows, total } = await playerNotifications(c.var.db, me.id, request);
    return c.json(page('notifications', rows.map(toNotification), request, total));
  })
  // Marking all as read deletes them all.
  .delete('/:id/notifications', async (c) => {
    const me = await ownAccount(c);
    await deletePlayerNotifications(c.var.db, me.id);
    return c.body(null, 204);
  });
