import { getCookie, setCookie } from 'hono/cookie';
import type { PlayerRow } from '../db/schema';
import { base64url, constantTimeEqual, randomToken } from './crypto';
import { type AppContext, secret, secure } from './session';

/**
 * A device cookie (OWASP, "Slow down online guessing attacks with device cookies"): a browser that has
 * signed in to an account holds `<player id>.<nonce>.<HMAC of both>`, signed with the server's secret.
 * A guess that presents one for the account it guesses at is the owner's device: only that device's own
 * allowance applies to it, so strangers failing at the account from everywhere never lock the owner out
 * (auth/guesses.ts). One cookie per browser: the last account signed in there.
 */
export const DEVICE_COOKIE = 'yamb_device';
const DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;
// 16 random bytes and a SHA-256 MAC, base64url.
const VALUE = /^(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const encoder = new TextEncoder();

async function signature(c: AppContext, playerId: number, nonce: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret(c.env)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  // The prefix keeps a device signature from ever standing for anything else signed with the same secret.
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`yamb-device:${playerId}:${nonce}`));
  return base64url(new Uint8Array(mac));
}

/** The nonce of the request's device cookie when it is a genuine one for `playerId`; null otherwise. */
export async function trustedDevice(c: AppContext, playerId: number): Promise<string | null> {
  const match = VALUE.exec(getCookie(c, DEVICE_COOKIE) ?? '');
  if (!match || Number(match[1]) !== playerId) return null;
  const [, , nonce = '', mac = ''] = match;
  return constantTimeEqual(mac, await signature(c, playerId, nonce)) ? nonce : null;
}

/**
 * Marks this browser as a device of the player's, unless it already is: called where a sign-in proved who
 * they are (a password, a reset link, a refresh token). Guests sign in with no password to guess, and
 * marking a browser for a guest would take the mark from the member who signed out there.
 */
export async function rememberDevice(c: AppContext, player: Pick<PlayerRow, 'id' | 'guest'>) {
  if (player.guest || (await trustedDevice(c, player.id))) return;
  const nonce = randomToken(16);
  setCookie(c, DEVICE_COOKIE, `${player.id}.${nonce}.${await signature(c, player.id, nonce)}`, {
    // Only the sign-in routes read it.
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(c.env),
    maxAge: DEVICE_TTL_SECONDS,
  });
}
