import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from './client';
import { pushSubscriptions, type PushSubscriptionRow } from './schema';

export interface NewPushSubscription {
  playerId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  publicKey: string;
}

/**
 * Stores a device's subscription. One row per endpoint: the same browser subscribing again (new keys, a new
 * VAPID key, or another player signed in on it) replaces its row, so a device is never told twice.
 */
export async function savePushSubscription(
  db: Database,
  subscription: NewPushSubscription,
): Promise<PushSubscriptionRow> {
  const { endpoint, ...rest } = subscription;
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ endpoint, ...rest, createdAt: Date.now() })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...rest, createdAt: Date.now() } })
    .returning();
  if (!row) throw new Error('push subscription upsert returned no row');
  return row;
}

/** Deletes the player's subscription at `endpoint`; answers whether there was one. */
export async function deletePushSubscription(db: Database, playerId: number, endpoint: string) {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.playerId, playerId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** The player's devices. */
export function pushSubscriptionsOf(db: Database, playerId: number): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.playerId, playerId));
}

/** Subscriptions their push service no longer knows (404 or 410), by id. */
export async function forgetPushSubscriptions(db: Database, ids: number[]) {
  if (ids.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}
