import { and, eq, isNull } from 'drizzle-orm';
import { randomToken } from '../auth/crypto';
import type { Database } from './client';
import { type PlayerRow, players } from './schema';

// Avatars are R2 objects under immutable keys: a new upload gets a new key (and URL), so the
// old one can be cached forever by browsers and deleted from R2 once replaced.

export const AVATAR_KEY = /^\d+-[A-Za-z0-9_-]{16}\.png$/;

/** Puts checked PNG bytes in R2 under a new key of the player's; returns the key. */
export async function storeAvatar(bucket: R2Bucket, playerId: number, bytes: Uint8Array): Promise<string> {
  const key = `${playerId}-${randomToken(12)}.png`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: 'image/png' } });
  return key;
}

// SQL's `=` is never true for NULL: "had no avatar" needs IS NULL.
const sameKey = (key: string | null) =>
  key === null ? isNull(players.avatarKey) : eq(players.avatarKey, key);

/**
 * Points the player at `next` only if they still point at `previous` (compare-and-set): of two uploads
 * that read the same previous key, one wins and the other gets null, so each knows which object is now
 * unreferenced and must be deleted. Null also when the player is gone.
 */
export async function replaceAvatarKey(
  db: Database,
  playerId: number,
  previous: string | null,
  next: string,
): Promise<PlayerRow | null> {
  const [row] = await db
    .update(players)
    .set({ avatarKey: next, updatedAt: Date.now() })
    .where(and(eq(players.id, playerId), sameKey(previous)))
    .returning();
  return row ?? null;
}
