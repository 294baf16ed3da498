import type { NotificationKind, NotificationParams } from '../../contract/notifications';
import type { PresenceServerMessage } from '../../contract/presence';
import type { Database } from '../db/client';
import { deleteNotificationsOf, insertNotification } from '../db/notifications';
import { presenceRoom } from '../rooms';
import { notificationText } from './i18n';
import { deliverAway } from './notifyAway';
import { toNotification } from './resources/notifications';

// Typed through the global Cloudflare.Env, not worker/env: rooms tell players through here, and env.ts
// names every room class. Only PRESENCE is needed for the open tabs; the rest (VAPID keys, e-mail) is
// there when the caller has the whole environment, and then a player with no tab open is reached too.
type Bindings = Pick<Cloudflare.Env, 'PRESENCE'> & Partial<Cloudflare.Env>;

export interface Notice {
  playerId: number;
  kind: NotificationKind;
  params: NotificationParams;
  /** Where it leads in the app, e.g. `/clashes/7`. */
  link: string | null;
  /**
   * Which turn of the clash at `link` it is about (its start time): one e-mail per clash per turn. Absent:
   * one per kind and link.
   */
  turn?: string | null;
}

/**
 * The one way to tell a player something: the row goes into D1 first, then it is pushed to the player's
 * open tabs; a player with no tab open is reached by Web Push and e-mail as their settings say
 * (notifyAway.ts). A push or a delivery that fails is only logged: the row is there for the next page
 * load. A failed insert throws, as nothing was told.
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
  let tabs = 0;
  try {
    tabs = await pushTo(env, notice.playerId, { type: 'NOTIFICATION', notification: toNotification(row) });
  } catch (error) {
    // Whether a tab got it is unknown: the player is reached outside the app too, rather than not at all.
    console.error(JSON.stringify({ level: 'WARN', what: 'notification-push', error: String(error) }));
  }
  if (tabs === 0) await deliverAway(env, db, notice);
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

/**
 * A message for the player's open tabs only, on their presence channel (nothing is stored); answers how
 * many tabs got it.
 */
export async function pushTo(
  env: Bindings,
  playerId: number,
  message: PresenceServerMessage,
): Promise<number> {
  return (await presenceRoom(env, playerId).push(playerId, message)) ?? 0;
}
