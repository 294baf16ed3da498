import type { Context } from 'hono';
import { AppError } from './errors';

/** At most `limit` counted events in any `windowSeconds` (a sliding window, estimated from two fixed ones). */
export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

// Generous enough for a classroom behind one address and for test files that register dozens of
// guests in a minute; tight enough that guessing a password is hopeless and that nobody can use us to
// flood strangers' inboxes.
export const RULES = {
  /** Password guesses at one account from one address: the owner's own address is never locked by others'. */
  signInPerAccountAndIp: { name: 'signin-account-ip', limit: 5, windowSeconds: 15 * 60 },
  /** Guesses at one account from everywhere but its owner's devices: stops a guesser with many addresses (see auth/guesses.ts). */
  signInPerAccount: { name: 'signin-account', limit: 30, windowSeconds: 60 * 60 },
  /** Guesses from a device that has signed in to the account before (auth/device.ts), its only limit. */
  signInPerDevice: { name: 'signin-device', limit: 5, windowSeconds: 15 * 60 },
  signInPerIp: { name: 'signin-ip', limit: 50, windowSeconds: 15 * 60 },
  /**
   * Guests and accounts made from one address. 300: the browser suite, whose pages all come from one local
   * address, makes about 150 in its busiest 10 minutes since issue 25 (120 refused a run); a new address
   * per spec file would let this go back down. The human check guards sign-ups where it is on.
   */
  registrationPerIp: { name: 'register-ip', limit: 300, windowSeconds: 10 * 60 },
  /** Mails to one inbox, whoever asks. */
  emailPerAddress: { name: 'email-to', limit: 5, windowSeconds: 60 * 60 },
  /** Mails one account makes us send (e-mail changes, resent verifications). */
  emailPerAccount: { name: 'email-account', limit: 5, windowSeconds: 60 * 60 },
  /** Mails asked for from one address (sign-ups, resets, changes). */
  emailPerIp: { name: 'email-ip', limit: 30, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateRule>;

/** The caller's address as Cloudflare reports it; requests without one (tests, local tools) share a bucket. */
export const clientIp = (c: Context) => c.req.header('CF-Connecting-IP') ?? 'unknown';

const keyOf = (rule: RateRule, subject: string) => `${rule.name}:${subject.toLowerCase()}`;

/** The rule's window length in ms, and the start of the fixed window `now` falls in. */
function windowOf(rule: RateRule, now: number) {
  const length = rule.windowSeconds * 1000;
  return { length, window: Math.floor(now / length) * length };
}

/** How a counted event stands against its rule. */
export interface Tally {
  /** The events of the last `windowSeconds`, this one included (the window before weighted in). */
  estimate: number;
  over: boolean;
  /** Until the estimate falls back to the limit, when over. */
  retryAfterMs: number;
}

/** 429 with Retry-After (whole seconds, at least 1); `key` names the limit when it is not a rate. */
export function tooMany(retryAfterMs: number, key = 'too-many-requests'): AppError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, key, { 'Retry-After': String(retryAfter) });
}

// How many expired counters one count deletes in passing: enough to outpace the new keys (every distinct
// sign-in identifier and reset address makes one), few enough to cost nothing noticeable.
const SWEEP = 50;

/**
 * Counts one event for each (rule, subject) and says how each stands, without refusing anything: one D1
 * batch, so one round trip whatever the number. Each count is one upsert statement (SQLite evaluates
 * every SET against the old row), so two concurrent requests can't both read the old count. The count
 * of the window before is weighted by how much of it still lies in the last `windowSeconds`, so a burst
 * that straddles a window's edge is still one burst. Counters that count for nothing any more are swept
 * in the same batch, so the table holds only live ones.
 */
export async function count(
  db: D1Database,
  events: readonly (readonly [RateRule, string])[],
  now = Date.now(),
): Promise<Tally[]> {
  const upserts = events.map(([rule, subject]) => {
    const { length, window } = windowOf(rule, now);
    return db
      .prepare(
        `INSERT INTO rate_limits (key, window_start, count, previous_count, expires_at) VALUES (?1, ?2, 1, 0, ?2 + 2 * ?3)
         ON CONFLICT (key) DO UPDATE SET
           previous_count = CASE WHEN window_start = ?2 THEN previous_count WHEN window_start = ?2 - ?3 THEN count ELSE 0 END,
           count = CASE WHEN window_start = ?2 THEN count + 1 ELSE 1 END,
           window_start = ?2,
           expires_at = ?2 + 2 * ?3
         RETURNING count, previous_count AS previousCount`,
      )
      .bind(keyOf(rule, subject), window, length);
  });
  const sweep = db
    .prepare(
      'DELETE FROM rate_limits WHERE key IN (SELECT key FROM rate_limits WHERE expires_at <= ?1 LIMIT ?2)',
    )
    .bind(now, SWEEP);
  const results = await db.batch<{ count: number; previousCount: number }>([...upserts, sweep]);
  return events.map(([rule], i) => {
    const row = results[i]?.results[0] ?? { count: 1, previousCount: 0 };
    const { length, window } = windowOf(rule, now);
    const overlap = 1 - (now - window) / length;
    const estimate = row.count + row.previousCount * overlap;
    if (estimate <= rule.limit) return { estimate, over: false, retryAfterMs: 0 };
    // The earliest moment the estimate falls back to the limit, or the window's end when the
    // current window alone is over it.
    const excess = estimate - rule.limit;
    const retryAfterMs =
      row.previousCount > 0 && row.count <= rule.limit
        ? (excess / row.previousCount) * length
        : window + length - now;
    return { estimate, over: true, retryAfterMs };
  });
}

/** Counts one event and refuses (429 with Retry-After) once the events of the last `windowSeconds` pass the limit. */
export async function consume(db: D1Database, rule: RateRule, subject: string, now = Date.now()) {
  await consumeAll(db, [[rule, subject]], now);
}

/** Counts every event at once, then refuses (429) if any of them is over its limit (the longest wait wins). */
export async function consumeAll(
  db: D1Database,
  events: readonly (readonly [RateRule, string])[],
  now = Date.now(),
) {
  const over = (await count(db, events, now)).filter((tally) => tally.over);
  if (over.length) throw tooMany(Math.max(...over.map((tally) => tally.retryAfterMs)));
}

/**
 * Gives back one counted event of the current window: a sign-in that succeeded, so that only failures
 * use up an allowance while every attempt is still counted before it is judged.
 */
export async function refund(db: D1Database, rule: RateRule, subject: string) {
  await db
    .prepare('UPDATE rate_limits SET count = count - 1 WHERE key = ? AND count > 0')
    .bind(keyOf(rule, subject))
    .run();
}

/** Forgets a subject's count (a successful sign-in clears its account-and-address failures). */
export async function clear(db: D1Database, rule: RateRule, subject: string) {
  await db.prepare('DELETE FROM rate_limits WHERE key = ?').bind(keyOf(rule, subject)).run();
}
