import { and, asc, count, desc, eq, gt, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { RuleSet } from '../../game/rules';
import type { Database } from './client';
import { type ChallengeRow, challenges, challengeSeats } from './schema';

// Challenge links in D1 (issue 29): a challenge's row, and the seats taken in it. Taking a seat and
// cancelling are each ONE conditional statement, so D1 (one SQLite, one statement at a time) never seats
// two players in the last seat, nor seats anyone in a challenge cancelled or expired a moment before.

export interface NewChallenge {
  code: string;
  makerId: number;
  name: string;
  rules: RuleSet;
  turnSeconds: number | null;
  seats: number;
  createdAt: number;
  expiresAt: number;
}

export async function insertChallenge(db: Database, values: NewChallenge): Promise<ChallengeRow> {
  const [row] = await db.insert(challenges).values(values).returning();
  if (!row) throw new Error('challenge not inserted');
  return row;
}

export async function findChallenge(db: Database, code: string): Promise<ChallengeRow | null> {
  return (await db.query.challenges.findFirst({ where: eq(challenges.code, code) })) ?? null;
}

/** The players seated in a challenge (the maker not among them), by seat. */
export function seatsOf(db: Database, challengeId: number) {
  return db
    .select({ seat: challengeSeats.seat, playerId: challengeSeats.playerId })
    .from(challengeSeats)
    .where(eq(challengeSeats.challengeId, challengeId))
    .orderBy(asc(challengeSeats.seat));
}

/** How many seats are taken in each of the challenges, the maker's not counted. */
export async function seatCounts(db: Database, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: challengeSeats.challengeId, taken: count() })
    .from(challengeSeats)
    .where(inArray(challengeSeats.challengeId, ids))
    .groupBy(challengeSeats.challengeId);
  return new Map(rows.map((r) => [r.id, r.taken]));
}

/**
 * Seats `playerId` in the next free seat of the open, unexpired challenge, in one statement; the seat taken,
 * or null when there was none (full, no longer open, expired) or the player sits in it already.
 */
export async function takeSeat(
  db: Database,
  challengeId: number,
  playerId: number,
  now: number,
): Promise<number | null> {
  const taken = sql`(SELECT count(*) FROM ${challengeSeats} WHERE ${challengeSeats.challengeId} = ${challengeId})`;
  const rows = await db.all<{ seat: number }>(sql`
    INSERT INTO ${challengeSeats} (challenge_id, seat, player_id, joined_at)
    SELECT ${challengeId}, ${taken} + 1, ${playerId}, ${now}
    FROM ${challenges}
    WHERE ${challenges.id} = ${challengeId} AND ${challenges.status} = 'OPEN'
      AND ${challenges.expiresAt} > ${now} AND ${taken} < ${challenges.seats} - 1
    ON CONFLICT DO NOTHING
    RETURNING seat`);
  return rows[0]?.seat ?? null;
}

/** Frees a seat again (the clash could not be opened): whoever tries next takes it. */
export async function freeSeat(db: Database, challengeId: number, seat: number): Promise<void> {
  await db
    .delete(challengeSeats)
    .where(and(eq(challengeSeats.challengeId, challengeId), eq(challengeSeats.seat, seat)));
}

export async function markStarted(db: Database, challengeId: number, clashId: number): Promise<void> {
  await db.update(challenges).set({ status: 'STARTED', clashId }).where(eq(challenges.id, challengeId));
}

/**
 * The maker cancels the challenge while it is open, unexpired and not yet full (a full one is starting);
 * whether it was.
 */
export async function cancelChallenge(db: Database, challengeId: number, now: number): Promise<boolean> {
  const taken = sql`(SELECT count(*) FROM ${challengeSeats} WHERE ${challengeSeats.challengeId} = ${challengeId})`;
  const rows = await db
    .update(challenges)
    .set({ status: 'CANCELLED' })
    .where(
      and(
        eq(challenges.id, challengeId),
        eq(challenges.status, 'OPEN'),
        gt(challenges.expiresAt, now),
        sql`${taken} < ${challenges.seats} - 1`,
      ),
    )
    .returning({ id: challenges.id });
  return rows.length > 0;
}

/** The maker's open, unexpired challenges, newest first. */
export function openChallengesOf(db: Database, makerId: number, now: number, limit: number) {
  return db
    .select()
    .from(challenges)
    .where(and(eq(challenges.makerId, makerId), eq(challenges.status, 'OPEN'), gt(challenges.expiresAt, now)))
    .orderBy(desc(challenges.createdAt), desc(challenges.id))
    .limit(limit);
}

/** How many open, unexpired challenges the maker has. */
export async function openChallengeCount(db: Database, makerId: number, now: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(challenges)
    .where(
      and(eq(challenges.makerId, makerId), eq(challenges.status, 'OPEN'), gt(challenges.expiresAt, now)),
    );
  return row?.n ?? 0;
}

/** How long an unused link's row is kept after it expired, so that its page says "expired" meanwhile. */
export const CHALLENGE_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a started challenge's row is kept after its link expired, so that its page leads to the clash. */
export const STARTED_CHALLENGE_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The sweep (worker/sweep.ts): deletes at most `limit` challenges past keeping — unused or cancelled ones a
 * week after they expired, started ones a month after — with their seats; how many.
 */
export async function deleteExpiredChallenges(db: Database, now: number, limit: number): Promise<number> {
  const old = db
    .select({ id: challenges.id })
    .from(challenges)
    .where(
      or(
        and(ne(challenges.status, 'STARTED'), lte(challenges.expiresAt, now - CHALLENGE_KEPT_MS)),
        and(eq(challenges.status, 'STARTED'), lte(challenges.expiresAt, now - STARTED_CHALLENGE_KEPT_MS)),
      ),
    )
    .limit(limit);
  const deleted = await db
    .delete(challenges)
    .where(inArray(challenges.id, old))
    .returning({ id: challenges.id });
  return deleted.length;
}
