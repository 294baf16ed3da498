import { and, eq, ne, sql } from 'drizzle-orm';
import type { PasswordHash } from '../auth/passwords';
import type { PageRequest } from '../../contract/page';
import type { PLAYER_SORTS, PlayerKind } from '../../contract/players';
import type { Database } from './client';
import { orderOf, pageOf } from './pages';
import { credentials, type PlayerRow, players } from './schema';

export async function findPlayer(db: Database, id: number): Promise<PlayerRow | null> {
  return (await db.query.players.findFirst({ where: eq(players.id, id) })) ?? null;
}

// Both comparisons use the lower(...) expression indexes of the schema.
export const sameName = (name: string) => sql`lower(${players.name}) = lower(${name})`;
export const sameEmail = (email: string) => sql`lower(${players.email}) = lower(${email})`;

export async function findPlayerByName(db: Database, name: string) {
  return (await db.query.players.findFirst({ where: sameName(name) })) ?? null;
}

/** The player whose verified address this is: an address someone only typed belongs to nobody. */
export async function findPlayerByVerifiedEmail(db: Database, email: string) {
  return (
    (await db.query.players.findFirst({ where: and(sameEmail(email), eq(players.emailVerified, true)) })) ??
    null
  );
}

/** A sign-in identifier is an e-mail when it has an @ (a verified one only), a username otherwise. */
export async function findPlayerByIdentifier(db: Database, identifier: string) {
  return identifier.includes('@')
    ? findPlayerByVerifiedEmail(db, identifier)
    : findPlayerByName(db, identifier);
}

/**
 * True when another player holds the name. Checked before writing to name the field; the unique index
 * still decides a race (`uniqueViolationKey`). E-mails are never "taken" in an answer: see
 * `claimVerifiedEmail`.
 */
export async function nameTaken(db: Database, name: string, ownerId?: number): Promise<boolean> {
  const holder = await findPlayerByName(db, name);
  return !!holder && holder.id !== ownerId;
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

/** Which players a list holds: a name fragment to look for (any case), and whether guests count. */
export interface PlayerFilter {
  name?: string;
  /** Registered players, guests, or all of them: what `guest` does not decide. */
  kind?: PlayerKind;
  /** false: registered players in good standing only (no guests, no banned players); true: guests only. */
  guest?: boolean;
  /** true: the practice bot only (the clash form's "Yamb Bot"); false: people only. */
  bot?: boolean;
  /** Whether banned players are listed (admins see them; nobody else does). */
  banned?: boolean;
}

/** `%`, `_` and the escape itself stand for themselves in a LIKE pattern built from a user's text. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listPlayers(
  db: Database,
  request: PageRequest<(typeof PLAYER_SORTS)[number]>,
  filter: PlayerFilter = {},
) {
  const where = and(
    filter.name ? sql`lower(${players.name}) like ${likePattern(filter.name)} escape '\\'` : undefined,
    filter.guest === false ? and(eq(players.guest, false), eq(players.status, 'ACTIVE')) : undefined,
    filter.guest === true ? eq(players.guest, true) : undefined,
    filter.guest === undefined && filter.kind === 'registered' ? eq(players.guest, false) : undefined,
    filter.guest === undefined && filter.kind === 'guests' ? eq(players.guest, true) : undefined,
    filter.bot === undefined ? undefined : eq(players.bot, filter.bot),
    filter.banned ? undefined : ne(players.status, 'BANNED'),
  );
  const query = db
    .select()
    .from(players)
    .where(where)
    .orderBy(...orderOf(request, players[request.sort], players.id))
    .$dynamic();
  return pageOf(db, request, query, players, where);
}

/**
 * The search box's answer: registered players in good standing whose name holds `text` (any case), those
 * whose name starts with it first, then by name; at most `limit`.
 */
export async function searchPlayers(db: Database, text: string, limit: number) {
  const name = sql`lower(${players.name})`;
  // The pattern without its leading %: the name starts with the text.
  const startsWith = sql`${name} like ${likePattern(text).slice(1)} escape '\\'`;
  return db
    .select({ id: players.id, name: players.name, avatarKey: players.avatarKey, bot: players.bot })
    .from(players)
    .where(
      and(
        sql`${name} like ${likePattern(text)} escape '\\'`,
        eq(players.guest, false),
        eq(players.status, 'ACTIVE'),
      ),
    )
    .orderBy(sql`${startsWith} desc`, name, players.id)
    .limit(limit);
}

/** A new guest under `name`, or null when another player holds the name. */
export async function createGuest(db: Database, name: string): Promise<PlayerRow | null> {
  try {
    const [row] = await db
      .insert(players)
      .values({ externalId: crypto.randomUUID(), name, guest: true })
      .returning();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
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

/**
 * A guest becomes a registered player in place: same id, so their games and scores stay theirs. Null when
 * the player is no guest any more (a sign-up sent twice at once: the first one won). The update is
 * conditional on `guest`, and a guest has no password, so the plain insert of one fails for the loser
 * and the batch (one transaction) leaves nothing of it behind.
 */
export async function upgradeGuest(
  db: Database,
  guestId: number,
  account: { name: string; email?: string },
  hash: PasswordHash,
): Promise<PlayerRow | null> {
  try {
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
        .where(and(eq(players.id, guestId), eq(players.guest, true)))
        .returning(),
      db.insert(credentials).values({ playerId: guestId, ...hash, updatedAt: Date.now() }),
    ]);
    return row ?? null;
  } catch (error) {
    if (/credentials\.player_id/i.test(errorText(error))) return null;
    throw error;
  }
}

/**
 * The player proves `email` is theirs: it becomes their verified address, and every other player's
 * unverified claim on it is dropped, in one transaction. Null when it can't be theirs any more (another
 * player verified it first: the unique index of verified addresses refuses the second).
 */
export async function claimVerifiedEmail(
  db: Database,
  playerId: number,
  email: string,
): Promise<PlayerRow | null> {
  const now = Date.now();
  try {
    const [, [row]] = await db.batch([
      db
        .update(players)
        .set({ email: null, updatedAt: now })
        .where(and(sameEmail(email), eq(players.emailVerified, false), ne(players.id, playerId))),
      db
        .update(players)
        .set({ emailVerified: true, updatedAt: now })
        .where(and(eq(players.id, playerId), sameEmail(email)))
        .returning(),
    ]);
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** The player changed as asked, or null when there is no such player. */
export async function updatePlayer(
  db: Database,
  id: number,
  changes: Partial<Pick<PlayerRow, 'name' | 'email' | 'emailVerified' | 'avatarKey'>>,
): Promise<PlayerRow | null> {
  const [row] = await db
    .update(players)
    .set({ ...changes, updatedAt: Date.now() })
    .where(eq(players.id, id))
    .returning();
  return row ?? null;
}
