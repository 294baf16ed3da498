import { and, eq, notInArray } from 'drizzle-orm';
import type { RuleSet } from '../../game/rules';
import { ruleColumns } from './clashes';
import type { Database } from './client';
import { type ListedGame, listedGameStatement, type NewScore, scoreStatement } from './gameIndex';
import { type CompletedClash, ratingWrites } from './ratings';
import { type ClashRow, clashes, clashPlayers, games } from './schema';

type ClashPlayerRow = typeof clashPlayers.$inferSelect;

/** What a clash's index rows say of it, as its room (durable-objects/clashIndex.ts) decided. */
export interface ClashIndexRows {
  clash: Pick<ClashRow, 'id' | 'status' | 'turn' | 'winnerId' | 'updatedAt' | 'turnSeconds' | 'turnDeadline'>;
  /** Its players in turn order (their positions); anyone else in the clash's rows has left it. */
  members: Pick<ClashPlayerRow, 'playerId' | 'status' | 'score' | 'gameId' | 'place'>[];
  games: ListedGame[];
  /** The scores of its completed games, once the clash is over: its scores count together. */
  scores: NewScore[];
  /** The clash to rate, once completed (db/ratings.ts decides whether it is rated at all). */
  rated: CompletedClash | null;
  /**
   * The clash's and its games' rows as created, when they have ids but no rows yet (a quick match's
   * reserved ids): inserted first, and only then, so a clash deleted later is never brought back.
   */
  created: {
    name: string;
    ownerId: number;
    rules: RuleSet;
    createdAt: number;
    games: NewClashGame[];
  } | null;
}

/** A clash game's row as it was created. */
export interface NewClashGame {
  id: number;
  playerId: number;
  createdAt: number;
}

/**
 * Every row of the clash, in one batch (one transaction). Idempotent: players are upserted, the departed
 * deleted, a score is unique on its game and a rating guarded (db/ratings.ts), so a retry changes nothing.
 */
export async function writeClashIndex(db: Database, rows: ClashIndexRows): Promise<void> {
  const { clash, created } = rows;
  const { id, ...listed } = clash;
  const ratingRows = rows.rated ? await ratingWrites(db, rows.rated) : [];
  const update = db.update(clashes).set(listed).where(eq(clashes.id, id));
  await db.batch([
    ...(created ? ([clashInsert(db, id, created), update] as const) : ([update] as const)),
    ...(created ? created.games.map((game) => clashGameInsert(db, id, created.rules, game)) : []),
    departedStatement(db, id, rows.members),
    ...rows.members.map((member, position) => memberStatement(db, id, member, position)),
    ...rows.games.map((game) => listedGameStatement(db, game)),
    ...rows.scores.map((score) => scoreStatement(db, score)),
    ...ratingRows,
  ]);
}

/** Declined and removed players leave the clash altogether. */
const departedStatement = (db: Database, clashId: number, members: ClashIndexRows['members']) =>
  db.delete(clashPlayers).where(
    and(
      eq(clashPlayers.clashId, clashId),
      notInArray(
        clashPlayers.playerId,
        members.map((m) => m.playerId),
      ),
    ),
  );

const memberStatement = (
  db: Database,
  clashId: number,
  { playerId, ...member }: ClashIndexRows['members'][number],
  position: number,
) =>
  db
    .insert(clashPlayers)
    .values({ clashId, playerId, position, ...member })
    .onConflictDoUpdate({
      target: [clashPlayers.clashId, clashPlayers.playerId],
      set: { position, ...member },
    });

/** The clash's row as it was created; it exists already when a retried first write comes back. */
const clashInsert = (db: Database, id: number, created: NonNullable<ClashIndexRows['created']>) =>
  db
    .insert(clashes)
    .values({
      id,
      name: created.name,
      ownerId: created.ownerId,
      ...ruleColumns(created.rules),
      createdAt: created.createdAt,
      updatedAt: created.createdAt,
    })
    .onConflictDoNothing();

/** A clash game's row as it was created, before the clash's players name it. */
const clashGameInsert = (db: Database, clashId: number, rules: RuleSet, game: NewClashGame) =>
  db
    .insert(games)
    .values({ ...game, clashId, type: 'CLASH', ...ruleColumns(rules), updatedAt: game.createdAt })
    .onConflictDoNothing();
