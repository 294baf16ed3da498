import type { Database } from '../db/client';
import { findPlayer } from '../db/players';
import type { SessionEnding } from '../db/schema';
import { unauthorized } from '../lib/errors';
import { refuseBanned } from './session';

// Why a refresh token no longer works, as the refusal whose key and message the client shows when it
// signs the tab out: a player who was signed out is told so, and why when it is known.

/** The session lived its 30 days. */
export const sessionExpired = () => unauthorized('session-expired');

/**
 * Refuses a session that is over, saying why: a ban still in force (403 with its reason), a password
 * change or reset, else an ending elsewhere (a sign-out or a sign-in in another tab of the browser, a
 * stolen copy detected). Sessions revoked before the reason was kept read as ended elsewhere.
 */
export async function refuseEndedSession(
  db: Database,
  session: { playerId: number; endedBy: SessionEnding | null },
): Promise<never> {
  if (session.endedBy === 'BAN') {
    const player = await findPlayer(db, session.playerId);
    if (player) refuseBanned(player);
  }
  if (session.endedBy === 'PASSWORD') throw unauthorized('session-password-changed');
  throw unauthorized('session-revoked');
}
