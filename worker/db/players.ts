import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { PasswordHash } from '../auth/passwords';
import { notFound } from '../lib/errors';
import type { PageRequest } from '../lib/hal';
import type { Database } from './client';
import { upsertCredentials } from './credentials';
import { credentials, type PlayerRow, players } from './schema';

export async function findPlayer(db: Database, id: number): Promise<PlayerRow> {
  const row = await db.query.players.findFirst({ where: eq(players.id, id) });
  if (!row) throw notFound('player-not-found');
  return row;
}

// Both comparisons use the lower(...) expression indexes of the schema.
export const sameName = (name: string) => sql`lower(${players.name}) = lower(${name})`;
export const sameEmail = (email: string) => sql`lower(${players.email}) = lower(${email})`;

export async function findPlayerByName(db: Database, name: string) {
  return (await db.query.players.findFirst({ where: sameName(name) })) ?? null;
}

export async function findPlayerByEmail(db: Database, email: string) {
  return (await db.query.players.findFirst({ where: sameEmail(email) })) ?? null;
}

/** A sign-in identifier is an e-mail when it has an @, a username otherwise. */
export async function findPlayerByIdentifier(db: Database, identifier: string) {
  return identifier.includes('@') ? findPlayerByEmail(db, identifier) : findPlayerByName(db, identifier);
}

/**
 * The 409 key for a name or e-mail that another player already holds, or null. Checked before
 * writing to name the field; the unique indexes still decide a race (`uniqueViolationKey`).
 */
export async function takenKey(
  db: Database,
  wanted: { name?: string; email?: string },
  ownerId?: number,
): Promise<'username-taken' | 'email-taken' | null> {
  if (wanted.name) {
    const holder = await findPlayerByName(db, wanted.name);
    if (holder && holder.id !== ownerId) return 'username-taken';
  }
  if (wanted.email) {
    const holder = await findPlayerByEmail(db, wanted.email);
    if (holder && holder.id !== ownerId) return 'email-taken';
  }
  return null;
}

/** D1 reports a UNIQUE constraint failure only in the error text. */
export function isUniqueViolation(error: unknown): boolean {
  return /UNIQUE constraint failed/i.test(errorText(error));
}

/** Which uniqueness a failed write ran into: the index name is in D1's message. */
export function uniqueViolationKey(error: unknown): 'username-taken' | 'email-taken' | null {
  if (!isUniqueViolation(error)) return null;
  return /email/i.test(errorText(error)) ? 'email-taken' : 'username-taken';
}

function errorText(error: unknown): string {
  return `${(error as Error)?.message ?? ''} ${String((error as { cause?: unknown })?.cause ?? '')}`;
}

export const PLAYER_SORTS = ['createdAt', 'updatedAt', 'name', 'id'] as const;

export async function listPlayers(db: Database, request: PageRequest<(typeof PLAYER_SORTS)[number]>) {
  const column = players[request.sort];
  const direction = request.order === 'ASC' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(players)
      .orderBy(direction(column), direction(players.id))
      .limit(request.size)
      .offset(request.page * request.size),
    db.select({ total: count() }).from(players),
  ]);
  return { rows, total };
}

/** A new registered player with its password hash, written together (one D1 batch is one transaction). */
export async function createMember(
  db: Database,
  account: { name: string; email?: string },
  hash: PasswordHash,
): Promise<PlayerRow> {
  const externalId = crypto.randomUUID();
  const [[row]] = await db.batch([
    db
      .insert(players)
      .values({ externalId, name: account.name, email: account.email ?? null, guest: false })
      .returning(),
    db.insert(credentials).select(
      db
        .select({
          playerId: players.id,
          algorithm: sql`${hash.algorithm}`.as('algorithm'),
          iterations: sql`${hash.iterations}`.as('iterations'),
          salt: sql`${hash.salt}`.as('salt'),
          hash: sql`${hash.hash}`.as('hash'),
          updatedAt: sql`${Date.now()}`.as('updated_at'),
        })
        .from(players)
        .where(eq(players.externalId, externalId)),
    ),
  ]);
  return row;
}

/** A guest becomes a registered player in place: same id, so their games and scores stay theirs. */
export async function upgradeGuest(
  db: Database,
  guestId: number,
  account: { name: string; email?: string },
  hash: PasswordHash,
): Promise<PlayerRow> {
  const [[row]] = await db.batch([
    db
      .update(players)
      .set({
        name: account.name,
        email: account.email ?? null,
        emailVerified: false,
        guest: false,
        updatedAt: Date.now(),
      })
      .where(eq(players.id, guestId))
      .returning(),
    upsertCredentials(db, guestId, hash),
  ]);
  return row;
}

export async function updatePlayer(
  db: Database,
  id: number,
  changes: Partial<Pick<PlayerRow, 'name' | 'email' | 'emailVerified' | 'avatarKey'>>,
): Promise<PlayerRow> {
  const [row] = await db
    .update(players)
    .set({ ...changes, updatedAt: Date.now() })
    .where(eq(players.id, id))
    .returning();
  if (!row) throw notFound('player-not-found');
  return row;
}
