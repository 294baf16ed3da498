import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from './client';
import { emailTokens } from './schema';

export type EmailTokenKind = 'VERIFY_EMAIL' | 'RESET_PASSWORD';

export const TOKEN_TTL_MS: Record<EmailTokenKind, number> = {
  VERIFY_EMAIL: 24 * 60 * 60 * 1000,
  RESET_PASSWORD: 60 * 60 * 1000,
};

/**
 * Stores a new single-use token for the player's address by its hash (the raw value goes into the mail
 * only). Earlier unused tokens of the same kind stop working, so only the newest mail's link does.
 */
export async function saveEmailToken(
  db: Database,
  token: { playerId: number; kind: EmailTokenKind; email: string; tokenHash: string },
) {
  const { playerId, kind, email, tokenHash } = token;
  const now = Date.now();
  await db.batch([
    db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.playerId, playerId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt))),
    db.insert(emailTokens).values({
      playerId,
      kind,
      email,
      tokenHash,
      expiresAt: now + TOKEN_TTL_MS[kind],
    }),
  ]);
}

/** Uses up a token, found by its hash: the row when it was valid (right kind, unexpired, unused), null otherwise. */
export async function consumeEmailToken(db: Database, kind: EmailTokenKind, tokenHash: string) {
  const now = Date.now();
  // One conditional update, so a token clicked twice at once is used only once.
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.kind, kind),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}
