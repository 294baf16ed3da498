import { and, eq } from 'drizzle-orm';
import type { NOTIFICATION_SORTS, NotificationKind } from '../../contract/notifications';
import type { PageRequest } from '../../contract/page';
import type { Database } from './client';
import { orderOf, pageOf } from './pages';
import { notifications } from './schema';

/** A page of the player's notifications (the route's default is newest first, then the higher id). */
export async function playerNotifications(
  db: Database,
  playerId: number,
  request: PageRequest<(typeof NOTIFICATION_SORTS)[number]>,
) {
  const where = eq(notifications.playerId, playerId);
  const query = db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(...orderOf(request, notifications[request.sort], notifications.id))
    .$dynamic();
  return pageOf(db, request, query, notifications, where);
}

/** Marking all read deletes them all. */
export async function deletePlayerNotifications(db: Database, playerId: number) {
  await db.delete(notifications).where(eq(notifications.playerId, playerId));
}

/** Stores one notification for its player and answers the row (the push follows, see lib/notify.ts). */
export async function insertNotification(db: Database, row: typeof notifications.$inferInsert) {
  const [inserted] = await db.insert(notifications).values(row).returning();
  if (!inserted) throw new Error('notification insert returned no row');
  return inserted;
}

/** Deletes the player's notifications of `kind` leading to `link`; answers the ids deleted. */
export async function deleteNotificationsOf(
  db: Database,
  playerId: number,
  kind: NotificationKind,
  link: string,
) {
  return db
    .delete(notifications)
    .where(
      and(eq(notifications.playerId, playerId), eq(notifications.kind, kind), eq(notifications.link, link)),
    )
    .returning({ id: notifications.id });
}

export async function findNotification(db: Database, id: number) {
  return (await db.query.notifications.findFirst({ where: eq(notifications.id, id) })) ?? null;
}

/** Deletes the notification if it is still the player's (the route checked; the condition keeps it so). */
export async function deleteNotification(db: Database, id: number, playerId: number) {
  await db.delete(notifications).where(and(eq(notifications.id, id), eq(notifications.playerId, playerId)));
}
