import { and, eq, gte, isNull } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sign, verify } from 'hono/jwt';
import type { Database } from '../db/client';
import { type PlayerRow, players, sessions } from '../db/schema';
import type { Env } from '../env';
import { forbidden, unauthorized } from '../lib/errors';
import { randomToken, sha256 } from './crypto';

export const ACCESS_COOKIE = 'yamb_access';
export const REFRESH_COOKIE = 'yamb_refresh';
export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export type AppContext = Context<{ Bindings: Env; Variables: SessionVariables }>;
export interface SessionVariables {
  playerId: number | null;
}

const DEV_SECRET = 'yamb-local-development-secret-not-for-production';

function secret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (env.ENVIRONMENT === 'development') return DEV_SECRET;
  throw new Error('SESSION_SECRET is not set');
}

const secure = (env: Env) => env.ENVIRONMENT !== 'development';

/**
 * Where an access cookie that no longer verifies is taken as none: the routes that start or end a
 * session (the client's way out of an expired one), and those that never look at who is asking.
 */
const SESSIONLESS = new Set([
  '/api/auth/refresh',
  '/api/auth/logout',
  '/api/auth/token',
  '/api/auth/register-guest',
  '/api/auth/migrate',
  '/api/health',
]);
const SESSIONLESS_PREFIXES = ['/api/avatars/', '/api/dev/'];

function sessionless(path: string): boolean {
  const trimmed = path.replace(/\/+$/, '');
  return SESSIONLESS.has(trimmed) || SESSIONLESS_PREFIXES.some((prefix) => trimmed.startsWith(prefix));
}

/**
 * Reads the access cookie. No cookie means "not signed in". A cookie whose token is expired or forged
 * is a 401 token-expired, so the client refreshes and asks again instead of being answered as a
 * stranger (the cookie outlives its token for exactly this); only the SESSIONLESS routes take it as none.
 */
export const session: MiddlewareHandler<{ Bindings: Env; Variables: SessionVariables }> = async (c, next) => {
  const token = getCookie(c, ACCESS_COOKIE);
  const claims = await accessClaims(c.env, token);
  if (token && !claims && !sessionless(c.req.path)) throw unauthorized('token-expired');
  c.set('playerId', claims?.playerId ?? null);
  await next();
};

export interface AccessClaims {
  playerId: number;
  /** When the token was signed, epoch seconds. */
  issuedAt: number;
}

/** What a valid, unexpired access token says; null for anything else. */
export async function accessClaims(env: Env, token: string | undefined): Promise<AccessClaims | null> {
  if (!token) return null;
  try {
    const payload = await verify(token, secret(env), 'HS256');
    const id = Number(payload.sub);
    const issuedAt = Number(payload.iat);
    if (!Number.isSafeInteger(id) || id <= 0 || !Number.isFinite(issuedAt)) return null;
    return { playerId: id, issuedAt };
  } catch {
    return null;
  }
}

/**
 * True when a session of the player was revoked (logout, password change, a stolen refresh token) at or
 * after the moment a token was issued: the token belongs to what was ended. `iat` has second precision,
 * so a revocation within the same second counts as later.
 */
export async function revokedSince(db: Database, playerId: number, issuedAt: number): Promise<boolean> {
  const row = await db.query.sessions.findFirst({
    columns: { id: true },
    where: and(eq(sessions.playerId, playerId), gte(sessions.revokedAt, issuedAt * 1000)),
  });
  return row !== undefined;
}

export function requirePlayerId(c: AppContext): number {
  const id = c.get('playerId');
  if (!id) throw unauthorized();
  return id;
}

/** The signed-in player: 401 without a session (or for a deleted player), 403 for a banned one. */
export async function requirePlayer(c: AppContext, db: Database): Promise<PlayerRow> {
  const id = requirePlayerId(c);
  const player = await db.query.players.findFirst({ where: eq(players.id, id) });
  // A valid token for a deleted player is as good as none.
  if (!player) throw unauthorized();
  refuseBanned(player);
  return player;
}

export function refuseBanned(player: Pick<PlayerRow, 'status'>) {
  if (player.status === 'BANNED') throw forbidden('player-banned');
}

/** The signed-in player, or null for an anonymous caller (or a token whose player is gone). */
export async function currentPlayer(c: AppContext, db: Database): Promise<PlayerRow | null> {
  const id = c.get('playerId');
  if (!id) return null;
  return (await db.query.players.findFirst({ where: eq(players.id, id) })) ?? null;
}

async function setAccessCookie(c: AppContext, playerId: number) {
  const now = Math.floor(Date.now() / 1000);
  const token = await sign(
    { sub: String(playerId), iat: now, exp: now + ACCESS_TTL_SECONDS },
    secret(c.env),
    'HS256',
  );
  // The cookie outlives the token (whose own exp still ends it after ACCESS_TTL_SECONDS), so a request
  // after a pause still carries it and is told token-expired rather than answered as anonymous.
  setCookie(c, ACCESS_COOKIE, token, {
    path: '/api',
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(c.env),
    maxAge: REFRESH_TTL_SECONDS,
  });
}

function setRefreshCookie(c: AppContext, token: string) {
  setCookie(c, REFRESH_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(c.env),
    maxAge: REFRESH_TTL_SECONDS,
  });
}

/** Starts a new session family for the player (a sign-in) and sets both cookies. */
export async function startSession(
  c: AppContext,
  db: Database,
  playerId: number,
  familyId = randomToken(16),
) {
  const token = randomToken();
  await db.insert(sessions).values({
    id: randomToken(16),
    playerId,
    familyId,
    tokenHash: await sha256(token),
    expiresAt: Date.now() + REFRESH_TTL_SECONDS * 1000,
  });
  await setAccessCookie(c, playerId);
  setRefreshCookie(c, token);
}

/**
 * How long a rotated refresh token still answers with an access cookie. Two tabs of one browser that
 * refresh at once both present the same token; the second must not look like a thief.
 */
export const REUSE_GRACE_MS = 30_000;

/**
 * Rotates the refresh token and sets a new pair of cookies; any refusal clears them. A token rotated moments ago (within
 * REUSE_GRACE_MS, its family not revoked) is a second tab's: it gets a fresh access cookie and no refresh
 * cookie, since the browser already holds the one the first rotation set. Any other reuse of a rotated or
 * revoked token means it was copied: the whole family is revoked so that neither copy keeps working.
 */
export async function rotateSession(c: AppContext, db: Database): Promise<number> {
  const token = getCookie(c, REFRESH_COOKIE);
  if (!token) throw signedOut(c);
  const tokenHash = await sha256(token);
  const find = () => db.query.sessions.findFirst({ where: eq(sessions.tokenHash, tokenHash) });
  let row = await find();
  if (!row) throw signedOut(c);
  const now = Date.now();
  if (!row.rotatedAt && !row.revokedAt) {
    if (row.expiresAt < now) throw signedOut(c);
    // Conditional update: of two concurrent refreshes with the same token, only one rotates.
    const claimed = await db
      .update(sessions)
      .set({ rotatedAt: now })
      .where(and(eq(sessions.id, row.id), isNull(sessions.rotatedAt), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (claimed.length > 0) {
      await sessionPlayer(c, db, row.playerId);
      await startSession(c, db, row.playerId, row.familyId);
      return row.playerId;
    }
    // Another request rotated it between our read and our update: judge the row as it is now.
    row = await find();
    if (!row) throw signedOut(c);
  }
  if (row.rotatedAt && !row.revokedAt && now - row.rotatedAt <= REUSE_GRACE_MS && row.expiresAt >= now) {
    await sessionPlayer(c, db, row.playerId);
    await setAccessCookie(c, row.playerId);
    return row.playerId;
  }
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.familyId, row.familyId));
  throw signedOut(c);
}

/**
 * A refused refresh clears both cookies: an access cookie left behind would make every later request
 * a 401 token-expired, where the browser should carry on as a visitor.
 */
function signedOut(c: AppContext) {
  clearSessionCookies(c);
  return unauthorized();
}

/** The player a refresh is for: 401 when gone; 403 when banned, with the cookies cleared. */
async function sessionPlayer(c: AppContext, db: Database, playerId: number): Promise<PlayerRow> {
  const player = await db.query.players.findFirst({ where: eq(players.id, playerId) });
  if (!player) throw signedOut(c);
  if (player.status === 'BANNED') clearSessionCookies(c);
  refuseBanned(player);
  return player;
}

/** Revokes the family of the presented refresh token, if any; the cookies are left to the caller. */
export async function revokePresentedSession(c: AppContext, db: Database) {
  const token = getCookie(c, REFRESH_COOKIE);
  if (!token) return;
  const row = await db.query.sessions.findFirst({ where: eq(sessions.tokenHash, await sha256(token)) });
  if (row)
    await db.update(sessions).set({ revokedAt: Date.now() }).where(eq(sessions.familyId, row.familyId));
}

/** Revokes the family of the presented refresh token, if any, and clears the cookies. */
export async function endSession(c: AppContext, db: Database) {
  await revokePresentedSession(c, db);
  clearSessionCookies(c);
}

export async function revokeAllSessions(db: Database, playerId: number) {
  await db.update(sessions).set({ revokedAt: Date.now() }).where(eq(sessions.playerId, playerId));
}

export function clearSessionCookies(c: AppContext) {
  deleteCookie(c, ACCESS_COOKIE, { path: '/api', secure: secure(c.env) });
  deleteCookie(c, REFRESH_COOKIE, { path: '/api/auth', secure: secure(c.env) });
}
