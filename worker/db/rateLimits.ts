import { inArray, lte } from 'drizzle-orm';
import type { Database } from './client';
import { rateLimits } from './schema';

/**
 * Deletes at most `limit` rate-limit counters that count for nothing any more (lib/rateLimit.ts sweeps a
 * few in passing with every count; a quiet site counts nothing, so the scheduled sweep takes the rest).
 */
export async function deleteExpiredRateLimits(db: Database, now: number, limit: number): Promise<number> {
  const expired = db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(lte(rateLimits.expiresAt, now))
    .limit(limit);
  const deleted = await db
    .delete(rateLimits)
    .where(inArray(rateLimits.key, expired))
    .returning({ key: rateLimits.key });
  return deleted.length;
}
