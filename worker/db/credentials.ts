import { eq } from 'drizzle-orm';
import { hashPassword, type PasswordHash } from '../auth/passwords';
import type { Database } from './client';
import { credentials } from './schema';

export async function findCredentials(db: Database, playerId: number): Promise<PasswordHash | null> {
  return (await db.query.credentials.findFirst({ where: eq(credentials.playerId, playerId) })) ?? null;
}

/** The statement that sets (or replaces) a player's password hash, for use alone or in a batch. */
export function upsertCredentials(db: Database, playerId: number, hash: PasswordHash) {
  const values = { ...hash, updatedAt: Date.now() };
  return db
    .insert(credentials)
    .values({ playerId, ...values })
    .onConflictDoUpdate({ target: credentials.playerId, set: values });
}

export async function setPassword(db: Database, playerId: number, password: string) {
  await upsertCredentials(db, playerId, await hashPassword(password));
}
