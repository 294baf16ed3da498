import { clashRules, ended, fillsOf, places, ratingPlaces, winnerOf } from '../game';
import { type ClashIndexRows, writeClashIndex } from '../worker/db/clashIndex';
import type { Database } from '../worker/db/client';
import { scoreOf } from '../worker/db/scores';
import type { Deadline } from './alarms';
import type { ClashRecord } from './clashRecord';
import { listedGame, listedStatus } from './gameIndex';
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
    // The time left the lists show: a turn's or a gift's new deadline is written at once.
    clash.turnDeadline ?? null,
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
      write: (record) => writeClashIndex(database(), clashIndexRows(record, !this.isCurrent(1))),
      room: 'ClashRoom',
      summary: listedSummary,
    });
  }
}

/**
 * Every row of the clash as the record has it (db/clashIndex.ts writes them in one transaction).
 * `insertRows`: the clash and its games have ids but no rows yet (a quick match's reserved ids).
 * A completed clash's players get their places and their new ratings.
 */
function clashIndexRows(record: ClashRecord, insertRows: boolean): ClashIndexRows {
  const { clash, games: held } = record;
  const places = placesOf(clash);
  return {
    clash: {
      id: clash.id,
      status: clash.status,
      turn: clash.turn,
      winnerId: winnerOf(clash)?.id ?? null,
      updatedAt: clash.updatedAt,
      turnSeconds: clash.turnSeconds ?? null,
      turnDeadline: clash.status === 'IN_PROGRESS' ? (clash.turnDeadline ?? null) : null,
    },
    members: clash.players.map((p, position) => ({
      playerId: p.id,
      status: p.status,
      score: p.score,
      gameId: p.gameId,
      place: places[position] ?? null,
    })),
    games: Object.values(held).map(listedGame),
    scores: scoresOf(record),
    rated: clash.status === 'COMPLETED' ? ratedOf(record) : null,
    created: insertRows ? createdOf(record) : null,
  };
}

/**
 * Written once the clash is over, not as each game ends: a clash's scores count together. A sheet left
 * unfinished (its player forfeited, or the others did and the clash ended) is no score.
 */
function scoresOf({ clash, games: held }: ClashRecord): ClashIndexRows['scores'] {
  if (!ended(clash)) return [];
  return Object.values(held)
    .filter(({ state }) => state.status === 'COMPLETED')
    .map(({ state, meta }) => scoreOf(state, meta, clash.updatedAt));
}

/** A completed clash as its rating reads it; an abandoned one is never rated. */
function ratedOf(record: ClashRecord): NonNullable<ClashIndexRows['rated']> {
  const fills = fillsOf(record);
  return {
    id: record.clash.id,
    players: record.clash.players.map((p, index) => ({ ...p, fills: fills[index] ?? 0 })),
    completedAt: record.clash.updatedAt,
  };
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

/** The clash's and its games' rows as they were created. */
const createdOf = ({ clash, games: held }: ClashRecord): NonNullable<ClashIndexRows['created']> => ({
  name: clash.name,
  ownerId: clash.owner.id,
  rules: clashRules(clash),
  createdAt: clash.createdAt,
  games: Object.values(held).map(({ meta }) => ({
    id: meta.id,
    playerId: meta.player.id,
    createdAt: meta.createdAt,
  })),
});
