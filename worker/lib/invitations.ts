import { CLASH_MAX_PENDING_OWNED, CLASH_PENDING_TTL_MS } from '../../contract/clashes';
import type { NewClashPlayer } from '../../durable-objects/clashRecord';
import { type PendingClashRow, pendingClashesOwnedBy, playedWith } from '../db/clashes';
import { blocksAmong } from '../db/blocks';
import { database, type Database } from '../db/client';
import { followersAmong } from '../db/follows';
import { knownOnly } from '../db/preferences';
import { forbidden } from './errors';
import { count, type RateRule, tooMany } from './rateLimit';

/**
 * Invitations from one owner to one player in a day, counted when they go out (a new clash, or one added
 * to): a pending clash deleted and made again, or a player added and removed, would otherwise invite the
 * same player without end. Twenty leaves a day of rematches between friends untouched.
 */
export const INVITATIONS_PER_PAIR: RateRule = { name: 'invite-pair', limit: 20, windowSeconds: 24 * 60 * 60 };

/**
 * The limits on clash invitations, read from D1 before the owner opens a clash (`clashId` null)
 * or invites more players to their pending clash `clashId`:
 * - a player who blocks the owner is not invited by them (403 `invitations-blocked`), nor one the owner
 *   blocks (403 `invitee-blocked`: unblock them first), `refuseBlocked`;
 * - a player who takes invitations only from players they know is not invited by a stranger (403
 *   `invitations-closed`); "known" is having played a started clash together, or following the owner;
 * - one pending clash at a time between an owner and each player they invite (429
 *   `invitation-pending`, until that clash expires);
 * - at most CLASH_MAX_PENDING_OWNED pending clashes per owner (429 `too-many-pending-clashes`, until the
 *   oldest expires);
 * - at most INVITATIONS_PER_PAIR from an owner to a player (429 `too-many-invitations`), counted last, so
 *   that only invitations that go out count.
 * The bot accepts at once, so its clashes are never pending and it is never counted; quick matches do
 * not come here. The reads come before the clash is opened: two requests at the very same moment may
 * both pass, which lets a flood through by one clash, not by hundreds.
 */
export async function refuseInvitations(
  d1: D1Database,
  ownerId: number,
  invited: NewClashPlayer[],
  clashId: number | null,
): Promise<void> {
  const people = invited.filter((p) => !p.bot && p.id !== ownerId).map((p) => p.id);
  if (!people.length) return;
  const db = database(d1);
  const [pending, closed] = await Promise.all([pendingClashesOwnedBy(db, ownerId), knownOnly(db, people)]);
  // Adding to a clash that is not the caller's, or no longer pending: the room says so (403, 409).
  if (clashId !== null && !pending.some((clash) => clash.id === clashId)) return;
  await refuseBlocked(db, ownerId, people);
  if (closed.length) {
    const [played, following] = await Promise.all([
      playedWith(db, ownerId, closed),
      followersAmong(db, ownerId, closed),
    ]);
    if (closed.some((id) => !played.includes(id) && !following.includes(id)))
      throw forbidden('invitations-closed');
  }
  const expiresIn = (clash: PendingClashRow) => clash.createdAt + CLASH_PENDING_TTL_MS - Date.now();
  const already = pending.find(
    (clash) => clash.id !== clashId && clash.playerIds.some((id) => people.includes(id)),
  );
  if (already) throw tooMany(expiresIn(already), 'invitation-pending');
  const oldest = pending[0];
  if (clashId === null && oldest && pending.length >= CLASH_MAX_PENDING_OWNED)
    throw tooMany(expiresIn(oldest), 'too-many-pending-clashes');
  const over = (
    await count(
      d1,
      people.map((id) => [INVITATIONS_PER_PAIR, `${ownerId}>${id}`] as const),
    )
  ).filter((tally) => tally.over);
  if (over.length)
    throw tooMany(Math.max(...over.map((tally) => tally.retryAfterMs)), 'too-many-invitations');
}

/**
 * Blocks between a clash's maker and the players they would play with (issue 29): 403
 * `invitations-blocked` when one of `playerIds` blocks `ownerId`, 403 `invitee-blocked` when `ownerId`
 * blocks one of them. For every way into a clash the maker decides on: a challenge, an added player, a
 * challenge link's join and a rematch (C's worker/routes/challenges.ts and rematch call this with the
 * maker and the joiner).
 */
export async function refuseBlocked(db: Database, ownerId: number, playerIds: readonly number[]) {
  const others = playerIds.filter((id) => id !== ownerId);
  if (!others.length) return;
  const pairs = await blocksAmong(db, [ownerId, ...others]);
  if (pairs.some((pair) => pair.blockedId === ownerId)) throw forbidden('invitations-blocked');
  if (pairs.some((pair) => pair.blockerId === ownerId)) throw forbidden('invitee-blocked');
}
