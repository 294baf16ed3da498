import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sign, verify } from 'hono/jwt';
import { type Database, database } from '../db/client';
import { findPlayer } from '../db/players';
import type { PlayerRow, SessionEnding } from '../db/schema';
import {
  claimRotation,
  endAccessTokensStatement,
  findSessionByTokenHash,
  insertSession,
  revokeFamilyStatement,
  revokePlayerSessionsStatement,
} from '../db/sessions';
import type { Env } from '../env';
import { AppError, databaseUnavailable, unauthorized } from '../lib/errors';
import { log } from '../lib/log';
import { tokenCounts } from '../lib/viewer';
import { pushAccess } from './access';
import { refuseEndedSession, sessionExpired } from './sessionEnd';
import { randomToken, sha256 } from './crypto';

export const ACCESS_COOKIE = 'yamb_access';
export const REFRESH_COOKIE = 'yamb_refresh';
export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export type AppContext = Context<{ Bindings: Env; Variables: SessionVariables }>;
export interface SessionVariables {
  /** What the access cookie's token says, its signature and expiry checked; null without one. */
  token: AccessClaims | null;
  /** The row of the player the token names, read from D1 when a route first asks (`currentPlayer`). */
  player: Promise<PlayerRow | null> | undefined;
  /** Set by `sessionless`. */
  sessionless: boolean | undefined;
  /** The request's D1 database, set by worker/index.ts before any route (`withDatabase`). */
  db: Database;
}

/** Puts the request's database on the context, so handlers say `c.var.db`. */
export const withDatabase: MiddlewareHandler<{ Bindings: Env; Variables: SessionVariables }> = async (
  c,
  next,
) => {
  c.set('db', database(c.env.DB));
  await next();
};

const DEV_SECRET = 'yamb-local-development-secret-not-for-production';

/** The server's signing secret: access tokens and device cookies (auth/device.ts). */
export function secret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (env.ENVIRONMENT === 'development') return DEV_SECRET;
  throw new Error('SESSION_SECRET is not set');
}

export const secure = (env: Env) => env.ENVIRONMENT !== 'development';

/**
 * Marks a route where an access cookie that no longer counts is taken as none instead of a 401
 * token-expired: the ways into and out of a session (the client's way out of an expired one), and the
 * answers that never look at who is asking. worker/index.ts says which routes, where it mounts them.
 */
export const sessionless: MiddlewareHandler<{ Bindings: Env; Variables: SessionVariables }> = async (
  c,
  next,
) => {
  c.set('sessionless', true);
  await next();
};

/**
 * Reads the access cookie. No cookie means "not signed in". A cookie whose token is expired or forged
 * is a 401 token-expired, so the client refreshes and asks again instead of being answered as a
 * stranger (the cookie outlives its token for exactly this); only the `sessionless` routes take it as none.
 * Whether the token still counts for its player (not signed before a logout, a password change, a
 * stolen refresh token or a ban) is asked of D1 only when a route needs the player (`requirePlayer`,
 * `currentPlayer`), or of the game's room for a move (`tokenViewer`): a move pays no D1 read.
 */
export const session: MiddlewareHandler<{ Bindings: Env; Variables: SessionVariables }> = async (c, next) => {
  const token = getCookie(c, ACCESS_COOKIE);
  const claims = await accessClaims(c.env, token);
  if (token && !claims && !c.get('sessionless')) throw unauthorized('token-expired');
  c.set('token', claims);
  await next();
};

/** What a verified access token says; a room takes it as its RoomViewer and checks it itself. */
export interface AccessClaims {
  playerId: number;
  /**
   * When the token was signed, epoch milliseconds: `iat` has second precision, too coarse to tell a token
   * signed just before a password change from the one the change itself signs in the same second.
   */
  issuedAtMs: number;
}

/** What a valid, unexpired access token says; null for anything else. */
export function accessClaims(env: Env, token: string | undefined): Promise<AccessClaims | null> {
  return signedClaims(env, token, true);
}

/** What a token we signed says, its expiry checked or not; null for anything else. */
async function signedClaims(
  env: Env,
  token: string | undefined,
  checkExpiry: boolean,
): Promise<AccessClaims | null> {
  if (!token) return null;
  try {
    const payload = await verify(token, secret(env), { alg: 'HS256', exp: checkExpiry });
    const id = Number(payload.sub);
    // Tokens signed before `ims` existed count from the start of their `iat` second.
    const issuedAtMs = Number(payload.ims ?? Number(payload.iat) * 1000);
    if (!Number.isSafeInteger(id) || id <= 0 || !Number.isFinite(issuedAtMs)) return null;
    return { playerId: id, issuedAtMs };
  } catch {
    return null;
  }
}

/**
 * The signed-in player, read once per request: null for an anonymous caller (or a token whose player is
 * gone); a 401 token-expired when the token was signed before the player's tokens were ended (a 403
 * player-banned when a ban ended them).
 */
export function currentPlayer(c: AppContext): Promise<PlayerRow | null> {
  let loading = c.get('player');
  if (!loading) {
    loading = readPlayer(c);
    c.set('player', loading);
  }
  return loading;
}

async function readPlayer(c: AppContext): Promise<PlayerRow | null> {
  const claims = c.get('token');
  if (!claims) return null;
  const row = await findPlayer(c.var.db, claims.playerId);
  if (!row) return null;
  if (tokenCounts(claims.issuedAtMs, row)) return row;
  if (c.get('sessionless')) return null;
  // A ban ended the token too; its holder is told why rather than sent to a refresh that cannot work.
  refuseBanned(row);
  throw unauthorized('token-expired');
}

/** The signed-in player: 401 without a session (or for a deleted player), 403 for a banned one. */
export async function requirePlayer(c: AppContext): Promise<PlayerRow> {
  const player = await currentPlayer(c);
  if (!player) throw unauthorized();
  refuseBanned(player);
  return player;
}

/** 403 `player-banned` for a banned player, with the admin's reason: the one reading it is that player. */
export function refuseBanned(player: Pick<PlayerRow, 'status' | 'banReason'>) {
  if (player.status === 'BANNED')
    throw new AppError(403, 'player-banned', {}, player.banReason ? { reason: player.banReason } : {});
}

/**
 * Who the token says is asking, unchecked against D1: only for a call whose room checks the token
 * itself (a game's room knows when its player's tokens were ended, and whether they are banned).
 */
export function tokenViewer(c: AppContext): AccessClaims | null {
  return c.get('token');
}

/**
 * Who asks, for a read or a socket a room answers: the player D1 has (a banned one is refused, 403, unless
 * `banned: 'allowed'`), or null for a visitor. While D1 cannot be reached, the one the access token names:
 * the room checks that token against its player's access itself (a token signed before a sign-out or a
 * password change, a ban), as it does for every move, so a player reconnects to and reloads their own game
 * and clash.
 */
export async function viewerIdOutlastingD1(
  c: AppContext,
  { banned }: { banned: 'refused' | 'allowed' } = { banned: 'refused' },
): Promise<number | null> {
  try {
    const viewer = await currentPlayer(c);
    if (viewer && banned === 'refused') refuseBanned(viewer);
    return viewer?.id ?? null;
  } catch (error) {
    if (!databaseUnavailable(error)) throw error;
    return tokenViewer(c)?.playerId ?? null;
  }
}

/** `tokenViewer`, or 401 for an anonymous caller. */
export function requireTokenViewer(c: AppContext): AccessClaims {
  const viewer = tokenViewer(c);
  if (!viewer) throw unauthorized();
  return viewer;
}

/**
 * Signs an access token for the player: by default issued now and valid ACCESS_TTL_SECONDS; a bridged one
 * (`bridgeSession`) keeps the issue time of the token it renews and lives BRIDGE_TTL_SECONDS.
 */
async function setAccessCookie(
  c: AppContext,
  playerId: number,
  issuedAtMs = Date.now(),
  ttlSeconds = ACCESS_TTL_SECONDS,
) {
  const now = Math.floor(Date.now() / 1000);
  const token = await sign(
    { sub: String(playerId), iat: now, ims: issuedAtMs, exp: now + ttlSeconds },
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
  await insertSession(db, {
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
  const find = () => findSessionByTokenHash(db, tokenHash);
  let row = await find();
  if (!row) throw signedOut(c);
  const now = Date.now();
  if (!row.rotatedAt && !row.revokedAt) {
    if (row.expiresAt < now) throw signedOut(c, sessionExpired());
    if (await claimRotation(db, row.id, now)) {
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
  // A rotated token used again after the grace, or a revoked one: a copy is in someone else's hands.
  log(c, {
    level: 'WARN',
    message: 'refresh-token-reuse',
    data: { revoked: !!row.revokedAt },
    playerId: row.playerId,
  });
  await revokeFamily(c, db, row.familyId, row.playerId, 'THEFT');
  clearSessionCookies(c);
  return refuseEndedSession(db, row);
}

/** How long a bridged access token lives: the client refreshes again after it, and D1 may be back. */
export const BRIDGE_TTL_SECONDS = 5 * 60;
/** How long after its last real sign-in or refresh a session is carried across a D1 outage. */
export const BRIDGE_MAX_MS = 12 * 60 * 60 * 1000;

/**
 * A refresh while D1 cannot be reached keeps the session working until it can. The refresh token is a
 * random string whose hash only D1 knows, so it can be neither checked nor rotated now. Instead the
 * access token the browser still holds (its cookie outlives it) is checked for our signature, its
 * expiry aside, and renewed for BRIDGE_TTL_SECONDS with its original issue time: that time is what the
 * rooms compare with their player's access (tokens ended by a sign-out, a password change, a stolen
 * refresh token, a ban), so a bridged token is refused wherever the token it renews would be, and a move
 * (which the room checks) is as safe as before. Routes that read the player wait for D1 anyway. Only a
 * token first signed within BRIDGE_MAX_MS is renewed, and only beside a refresh cookie, so a leaked old
 * access token revives nothing, and an outage longer than that signs its players out. The refresh token
 * is left as it is: the first refresh after D1 is back rotates it as usual. True when a token was renewed.
 */
export async function bridgeSession(c: AppContext): Promise<boolean> {
  if (!getCookie(c, REFRESH_COOKIE)) return false;
  const claims = await signedClaims(c.env, getCookie(c, ACCESS_COOKIE), false);
  if (!claims || Date.now() - claims.issuedAtMs > BRIDGE_MAX_MS) return false;
  await setAccessCookie(c, claims.playerId, claims.issuedAtMs, BRIDGE_TTL_SECONDS);
  return true;
}

/**
 * A refused refresh clears both cookies: an access cookie left behind would make every later request
 * a 401 token-expired, where the browser should carry on as a visitor.
 */
function signedOut(c: AppContext, refusal = unauthorized()) {
  clearSessionCookies(c);
  return refusal;
}

/** The player a refresh is for: 401 when gone; 403 when banned, with the cookies cleared. */
async function sessionPlayer(c: AppContext, db: Database, playerId: number): Promise<PlayerRow> {
  const player = await findPlayer(db, playerId);
  if (!player) throw signedOut(c);
  if (player.status === 'BANNED') clearSessionCookies(c);
  refuseBanned(player);
  return player;
}

/** Revokes the family of the presented refresh token, if any; the cookies are left to the caller. */
export async function revokePresentedSession(c: AppContext, db: Database) {
  const token = getCookie(c, REFRESH_COOKIE);
  if (!token) return;
  const row = await findSessionByTokenHash(db, await sha256(token));
  if (row) await revokeFamily(c, db, row.familyId, row.playerId, 'SIGN_OUT');
}

/**
 * Ends one sign-in: its refresh tokens, and every access token of the player signed until now. The
 * player's other devices hold other families, so they refresh (one 401 token-expired) and carry on.
 * One batch, so the family is never revoked while its access tokens still work.
 */
async function revokeFamily(
  c: AppContext,
  db: Database,
  familyId: string,
  playerId: number,
  endedBy: SessionEnding,
) {
  const now = Date.now();
  await db.batch([
    revokeFamilyStatement(db, familyId, now, endedBy),
    endAccessTokensStatement(db, playerId, now),
  ]);
  await pushAccess(c.env, db, playerId);
}

/** Revokes the family of the presented refresh token, if any, and clears the cookies. */
export async function endSession(c: AppContext, db: Database) {
  await revokePresentedSession(c, db);
  clearSessionCookies(c);
}

/** Ends every sign-in of the player, refresh and access tokens alike (a password change or reset). */
export async function revokeAllSessions(c: AppContext, db: Database, playerId: number) {
  const now = Date.now();
  await db.batch([
    revokePlayerSessionsStatement(db, playerId, now, 'PASSWORD'),
    endAccessTokensStatement(db, playerId, now),
  ]);
  await pushAccess(c.env, db, playerId);
}

export function clearSessionCookies(c: AppContext) {
  deleteCookie(c, ACCESS_COOKIE, { path: '/api', secure: secure(c.env) });
  deleteCookie(c, REFRESH_COOKIE, { path: '/api/auth', secure: secure(c.env) });
}
