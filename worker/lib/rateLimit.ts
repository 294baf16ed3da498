import type { Context } from 'hono';
import { AppError } from './errors';

/** A fixed window: at most `limit` counted events per `windowSeconds`. */
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

function tooMany(windowStart: number, rule: RateRule, now: number): AppError {
  const retryAfter = Math.max(1, Math.ceil((windowStart + rule.windowSeconds * 1000 - now) / 1000));
  return new AppError(429, 'too-many-requests', { 'Retry-After': String(retryAfter) });
}

/**
 * Counts one event and refuses (429 with Retry-After) once the window's count passes the limit.
 * One upsert statement, so two concurrent requests can't both read the old count.
 */
export async function consume(db: D1Database, rule: RateRule, subject: string, now = Date.now()) {
  const window = Math.floor(now / (rule.windowSeconds * 1000)) * rule.windowSeconds * 1000;
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN window_start = ?2 THEN count + 1 ELSE 1 END,
         window_start = ?2
       RETURNING window_start AS windowStart, count`,
    )
    .bind(keyOf(rule, subject), window)
    .first<{ windowStart: number; count: number }>();
  if (row && row.count > rule.limit) throw tooMany(row.windowStart, rule, now);
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
