import { and, count, eq, gte, inArray } from 'drizzle-orm';
import { CORRESPONDENCE_MAX_PER_PLAYER, DAY_SECONDS, isCorrespondence } from '../../contract/clashRules';
import type { Database } from '../db/client';
import { clashes, clashPlayers, players } from '../db/schema';
import { conflict } from './errors';

/**
 * The correspondence clashes (a day or more a turn, pending or in progress) each of `playerIds` holds: those
 * they are in and have accepted (the owner's own, and every started one). An invitation not yet accepted
 * does not count, so nobody fills another player's places by inviting them. The bot is never counted.
 */
export async function correspondenceHeld(db: Database, playerIds: readonly number[]) {
  if (playerIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ playerId: clashPlayers.playerId, held: count() })
    .from(clashPlayers)
    .innerJoin(clashes, eq(clashes.id, clashPlayers.clashId))
    .innerJoin(players, eq(players.id, clashPlayers.playerId))
    .where(
      and(
        inArray(clashPlayers.playerId, [...playerIds]),
        eq(clashPlayers.status, 'ACCEPTED'),
        eq(players.bot, false),
        inArray(clashes.status, ['PENDING', 'IN_PROGRESS']),
        gte(clashes.turnSeconds, DAY_SECONDS),
      ),
    )
    .groupBy(clashPlayers.playerId);
  return new Map(rows.map((row) => [row.playerId, row.held]));
}

/**
 * Refuses (409 `correspondence-limit`) a correspondence clash that would give one of `playerIds` more than
 * CORRESPONDENCE_MAX_PER_PLAYER at once; a clash with a live clock or none passes untouched. Call it before a
 * player is put in a clash or accepts one: creating it (its owner and invited players), adding players to it,
 * accepting an invitation, and joining through a challenge link or a rematch.
 */
export async function refuseOverCorrespondenceLimit(
  db: Database,
  playerIds: readonly number[],
  turnSeconds: number | null | undefined,
): Promise<void> {
  if (!isCorrespondence(turnSeconds)) return;
  const held = await correspondenceHeld(db, playerIds);
  if ([...held.values()].some((n) => n >= CORRESPONDENCE_MAX_PER_PLAYER))
    throw conflict('correspondence-limit');
}

/** The clash's turn clock as its D1 row has it (null: untimed, or no such clash). */
export async function clashTurnSeconds(db: Database, clashId: number): Promise<number | null> {
  const [row] = await db
    .select({ turnSeconds: clashes.turnSeconds })
    .from(clashes)
    .where(eq(clashes.id, clashId));
  return row?.turnSeconds ?? null;
}
