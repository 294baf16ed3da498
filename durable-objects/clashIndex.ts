import { and, eq, notInArray } from 'drizzle-orm';
import { ended, places, progress, ratingPlaces, totalSum, winnerOf } from '../game';
import type { Database } from '../worker/db/client';
import { ratingWrites } from '../worker/db/ratings';
import { clashes, clashPlayers, games, scores } from '../worker/db/schema';
import type { Deadline } from './alarms';
import { fillsOf } from './clashLobby';
import type { ClashRecord } from './clashRecord';
import { listedStatus } from './gameIndex';
import { WriteBehindIndex } from './writeBehindIndex';

/** Where a ClashRoom keeps the record version its index rows have. */
const INDEXED_KEY = 'indexed-version';

/**
 * What the clash lists must show as soon as it changes: the clash's status and whose turn it is ("your
 * turn"), who is in it and how they stand, and each game's status. A roll leaves it so and reaches D1
 * within PROGRESS_INTERVAL_MS with whatever else moved; a fill passes the turn and is written at once.
 */
const listedSummary = ({ clash, games }: ClashRecord): string =>
  JSON.stringify([
    clash.status,
    clash.turn,
    clash.players.map((p) => [p.id, p.status, p.forfeited === true]),
    Object.values(games).map(listedStatus),
  ]);

/**
 * The D1 rows of one ClashRoom's clash (the clash, its players, its games and, once completed, their
 * scores), written behind the room's own storage (see writeBehindIndex.ts). Lobby changes, the start and
 * the completion are synced before the room answers; moves follow within a second.
 */
export class ClashIndex extends WriteBehindIndex<ClashRecord> {
  constructor(
    storage: DurableObjectStorage,
    deadline: Deadline,
    /** D1, looked up at each write from the room's current env (the tests swap the binding). */
    database: () => Database,
    /** The room's stored record, read afresh at each write. */
    load: () => ClashRecord | null,
  ) {
    super({
      storage,
      deadline,
      indexedVersionKey: INDEXED_KEY,
      load,
      // Never written yet: a quick match started with reserved ids, whose rows do not exist.
      write: (record) => writeClashRows(database(), record, !this.isCurrent(1)),
      room: 'ClashRoom',
      summary: listedSummary,
    });
  }
}

/**
 * Every row of the clash as the record has it, in one batch (one transaction). Idempotent: players are
 * upserted, the departed deleted, and a score is unique on its game, so a retried write changes nothing.
 * `insertRows`: the clash and its games have ids but no rows yet (a quick match's reserved ids); they
 * are inserted first, and only then, so a clash deleted later is never brought back by its room.
 * A completed clash's players get their places and, in the same batch, their new ratings (db/ratings.ts:
 * guarded so that a retry rates nobody twice).
 */
async function writeClashRows(
  db: Database,
  { clash, games: held }: ClashRecord,
  insertRows: boolean,
): Promise<void> {
  const ids = clash.players.map((p) => p.id);
  const over = ended(clash);
  const places = placesOf(clash);
  const clashRow = db
    .update(clashes)
    .set({
      status: clash.status,
      turn: clash.turn,
      winnerId: winnerOf(clash)?.id ?? null,
      updatedAt: clash.updatedAt,
    })
    .where(eq(clashes.id, clash.id));
  // Declined and removed players leave the clash altogether.
  const departed = db
    .delete(clashPlayers)
    .where(and(eq(clashPlayers.clashId, clash.id), notInArray(clashPlayers.playerId, ids)));
  const members = clash.players.map((p, position) =>
    db
      .insert(clashPlayers)
      .values({
        clashId: clash.id,
        playerId: p.id,
        status: p.status,
        position,
        score: p.score,
        gameId: p.gameId,
        place: places[position],
      })
      .onConflictDoUpdate({
        target: [clashPlayers.clashId, clashPlayers.playerId],
        set: { status: p.status, position, score: p.score, gameId: p.gameId, place: places[position] },
      }),
  );
  const gameRows = Object.values(held).map(({ state, meta }) =>
    db
      .update(games)
      .set({
        status: listedStatus({ state, meta }),
        totalSum: totalSum(state.sheet),
        progress: progress(state.sheet),
        updatedAt: meta.updatedAt,
      })
      .where(eq(games.id, meta.id)),
  );
  // Written once the clash is over, not as each game ends: a clash's scores count together. A sheet left
  // unfinished (its player forfeited, or the others did and the clash ended) is no score.
  const scoreRows = over
    ? Object.values(held)
        .filter(({ state }) => state.status === 'COMPLETED')
        .map(({ state, meta }) =>
          db
            .insert(scores)
            .values({
              playerId: meta.player.id,
              gameId: meta.id,
              value: totalSum(state.sheet),
              createdAt: clash.updatedAt,
            })
            .onConflictDoNothing({ target: scores.gameId }),
        )
    : [];
  // An abandoned clash is never rated; a completed one, when everyone played enough (db/ratings.ts).
  const fills = fillsOf({ clash, games: held });
  const ratingRows =
    clash.status === 'COMPLETED'
      ? await ratingWrites(db, {
          id: clash.id,
          players: clash.players.map((p, index) => ({ ...p, fills: fills[index] ?? 0 })),
          completedAt: clash.updatedAt,
        })
      : [];
  await db.batch([
    ...(insertRows ? ([clashInsert(db, clash), clashRow] as const) : ([clashRow] as const)),
    ...(insertRows ? gameInserts(db, clash.id, held) : []),
    departed,
    ...members,
    ...gameRows,
    ...scoreRows,
    ...ratingRows,
  ]);
}

/**
 * The places written at the end: a completed clash's ranking (forfeited players after the rest); an
 * abandoned one, where nobody played on, by totals alone. None before the end.
 */
function placesOf(clash: ClashRecord['clash']): (number | null)[] {
  if (clash.status === 'COMPLETED') return ratingPlaces(clash.players);
  if (clash.status === 'ABANDONED') return places(clash.players.map((p) => p.score ?? 0));
  return clash.players.map(() => null);
}

/** The clash's row as it was created; it exists already when a retried first write comes back. */
const clashInsert = (db: Database, clash: ClashRecord['clash']) =>
  db
    .insert(clashes)
    .values({
      id: clash.id,
      name: clash.name,
      ownerId: clash.owner.id,
      createdAt: clash.createdAt,
      updatedAt: clash.createdAt,
    })
    .onConflictDoNothing();

/** The clash's games' rows as they were created, before the clash's players name them. */
const gameInserts = (db: Database, clashId: number, held: ClashRecord['games']) =>
  Object.values(held).map(({ meta }) =>
    db
      .insert(games)
      .values({
        id: meta.id,
        playerId: meta.player.id,
        clashId,
        type: 'CLASH',
        createdAt: meta.createdAt,
        updatedAt: meta.createdAt,
      })
      .onConflictDoNothing(),
  );
