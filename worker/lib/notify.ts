import type { NotificationKind, NotificationParams } from '../../contract/notifications';
import type { PresenceServerMessage } from '../../contract/presence';
import type { Database } from '../db/client';
import { deleteNotificationsOf, insertNotification } from '../db/notifications';
import { presenceRoom } from '../rooms';
import { notificationText } from './i18n';
import { toNotification } from './resources/notifications';

// Typed through the global Cloudflare.Env, not worker/env: rooms tell players through here, and env.ts
// names every room class.
type Bindings = Pick<Cloudflare.Env, 'PRESENCE'>;

export interface Notice {
  playerId: number;
  kind: NotificationKind;
  params: NotificationParams;
  /** Where it leads in the app, e.g. `/clashes/7`. */
  link: string | null;
}

/**
 * The one way to tell a player something: the row goes into D1 first, then it is pushed to the player's
 * open tabs. A push that fails is only logged: the row is there for the next page load. A failed insert
 * throws, as nothing was told.
 */
export async function notify(env: Bindings, db: Database, notice: Notice): Promise<void> {
  const row = await insertNotification(db, {
    playerId: notice.playerId,
    kind: notice.kind,
    params: notice.params,
    content: notificationText(notice.kind, notice.params),
    link: notice.link,
    createdAt: Date.now(),
  });
  try {
    await pushTo(env, notice.playerId, { type: 'NOTIFICATION', notification: toNotification(row) });
  } catch (error) {
    console.error(JSON.stringify({ level: 'WARN', what: 'notification-push', error: String(error) }));
  }
}

/**
 * Takes back what no longer holds: the player's notifications of `kind` leading to `link` are deleted, and
 * their open tabs drop them from the list and the bell.
 */
export async function withdraw(
  env: Bindings,
  db: Database,
  notice: Pick<Notice, 'playerId' | 'kind'> & { link: string },
): Promise<void> {
  const gone = await deleteNotificationsOf(db, notice.playerId, notice.kind, notice.link);
  for (const { id } of gone) await pushTo(env, notice.playerId, { type: 'NOTIFICATION_GONE', id });
}

/** A message for the player's open tabs only, on their presence channel (nothing is stored). */
export function pushTo(env: Bindings, playerId: number, message: PresenceServerMessage): Promise<void> {
  return presenceRoom(env, playerId).push(playerId, message);
}
