import type { Context } from 'hono';
import { AppError } from './errors';

/** At most `limit` counted events in any `windowSeconds` (a sliding window, estimated from two fixed ones). */
export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

// Generous enough for a classroom behind one address and for test files that register dozens of
// guests in a minute; tight enough that guessing a password is hopeless.
export const RULES = {
  signInPerIdentifier: { name: 'signin-id', limit: 5, windowSeconds: 15 * 60 },
  signInPerIp: { name: 'signin-ip', limit: 50, windowSeconds: 15 * 60 },
  registrationPerIp: { name: 'register-ip', limit: 120, windowSeconds: 10 * 60 },
  emailPerAddress: { name: 'email-to', limit: 5, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateRule>;

/** The caller's address as Cloudflare reports it; requests without one (tests, local tools) share a bucket. */
export const clientIp = (c: Context) => c.req.header('CF-Connecting-IP') ?? 'unknown';

const keyOf = (rule: RateRule, subject: string) => `${rule.name}:${subject.toLowerCase()}`;

function tooMany(retryAfterMs: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, 'too-many-requests', { 'Retry-After': String(retryAfter) });
}

/**
 * Counts one event and refuses (429 with Retry-After) once the events of the last `windowSeconds` pass
 * the limit. The count of the window before is weighted by how much of it still lies in the last
 * `windowSeconds`, so a burst that straddles a window's edge is still one burst. One upsert statement
 * (SQLite evaluates every SET against the old row), so two concurrent requests can't both read the old count.
 */
export async function consume(db: D1Database, rule: RateRule, subject: string, now = Date.now()) {
  const length = rule.windowSeconds * 1000;
  const window = Math.floor(now / length) * length;
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count, previous_count) VALUES (?1, ?2, 1, 0)
       ON CONFLICT (key) DO UPDATE SET
         previous_count = CASE WHEN window_start = ?2 THEN previous_count WHEN window_start = ?2 - ?3 THEN count ELSE 0 END,
         count = CASE WHEN window_start = ?2 THEN count + 1 ELSE 1 END,
         window_start = ?2
       RETURNING count, previous_count AS previousCount`,
    )
    .bind(keyOf(rule, subject), window, length)
    .first<{ count: number; previousCount: number }>();
  if (!row) return;
  const overlap = 1 - (now - window) / length;
  if (row.count + row.previousCount * overlap > rule.limit) {
    // The earliest moment the estimate falls back to the limit, or the window's end when the
    // current window alone is over it.
    const excess = row.count + row.previousCount * overlap - rule.limit;
    const wait = row.previousCount > 0 && row.count <= rule.limit ? (excess / row.previousCount) * length : window + length - now;
    throw tooMany(wait);
  }
}

/**
 * Gives back one counted event of the current window: a sign-in that succeeded, so that only failures
 * use up an address's allowance while every attempt is still counted before it is judged.
 */
export async function refund(db: D1Database, rule: RateRule, subject: string) {
  await db
    .prepare('UPDATE rate_limits SET count = count - 1 WHERE key = ? AND count > 0')
    .bind(keyOf(rule, subject))
    .run();
}

/** Forgets a subject's count (a successful sign-in clears its identifier's failures). */
export async function clear(db: D1Database, rule: RateRule, subject: string) {
  await db.prepare('DELETE FROM rate_limits WHERE key = ?').bind(keyOf(rule, subject)).run();
}
