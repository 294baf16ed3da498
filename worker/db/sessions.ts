import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from './client';
import { players, type SessionEnding, sessions } from './schema';

// Refresh tokens, stored by their hash: a family is one sign-in, and rotation keeps the family.

export async function insertSession(
  db: Database,
  session: { id: string; playerId: number; familyId: string; tokenHash: string; expiresAt: number },
) {
  await db.insert(sessions).values(session);
}

export async function findSessionByTokenHash(db: Database, tokenHash: string) {
  return (await db.query.sessions.findFirst({ where: eq(sessions.tokenHash, tokenHash) })) ?? null;
}

/**
 * Marks the session rotated, unless it already was or was revoked: true for the one caller that did
 * (a conditional update, so of two concurrent refreshes with the same token only one rotates).
 */
export async function claimRotation(db: Database, sessionId: string, now: number): Promise<boolean> {
  const claimed = await db
    .update(sessions)
    .set({ rotatedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.rotatedAt), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return claimed.length > 0;
}

// A session revoked already keeps its first revocation: it is what tells its holder why it ended
// (auth/sessionEnd.ts), and a later one (a stolen copy presented) must not overwrite it.

/** The statement revoking one sign-in (a family), for a batch. */
export const revokeFamilyStatement = (db: Database, familyId: string, now: number, endedBy: SessionEnding) =>
  db
    .update(sessions)
    .set({ revokedAt: now, endedBy })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));

/** The statement revoking every sign-in of a player, for a batch. */
export const revokePlayerSessionsStatement = (
  db: Database,
  playerId: number,
  now: number,
  endedBy: SessionEnding,
) =>
  db
    .update(sessions)
    .set({ revokedAt: now, endedBy })
    .where(and(eq(sessions.playerId, playerId), isNull(sessions.revokedAt)));

/** The statement that ends every access token of the player signed before `now`, for a batch. */
export const endAccessTokensStatement = (db: Database, playerId: number, now: number) =>
  db.update(players).set({ tokensValidAfter: now }).where(eq(players.id, playerId));

/** The statement that bans a player, for a batch. A ban already in force keeps its moment; only its reason changes. */
export const banStatement = (db: Database, playerId: number, now: number, reason: string | null) =>
  db
    .update(players)
    .set({
      status: 'BANNED',
      banReason: reason,
      bannedAt: sql`coalesce(${players.bannedAt}, ${now})`,
      updatedAt: now,
    })
    .where(eq(players.id, playerId));

/** The statement that lifts a player's ban, for a batch: their tokens stay ended, they sign in anew. */
export const unbanStatement = (db: Database, playerId: number, now: number) =>
  db
    .update(players)
    .set({ status: 'ACTIVE', banReason: null, bannedAt: null, updatedAt: now })
    .where(eq(players.id, playerId));
