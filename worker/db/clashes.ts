import type { ReservedClashIds } from '../../durable-objects/quickMatchRecord';
import { and, asc, desc, eq, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { CLASH_SORTS, ClashPlayerStatus, ClashStatus } from '../../contract/clashes';
import type { PageRequest } from '../../contract/page';
import { presetOf, type RuleSet } from '../../game/rules';
import type { Database } from './client';
import { orderOf, pageOf, playerRef } from './pages';
import { type ClashRow, clashes, clashPlayers, games, players } from './schema';

/** Whether clash `id` is in the D1 index: routes ask before they reach a room, so no room starts for a number. */
export async function clashExists(db: Database, clashId: number): Promise<boolean> {
  return !!(await db.query.clashes.findFirst({ columns: { id: true }, where: eq(clashes.id, clashId) }));
}

/**
 * Clash `id`'s status in the D1 index and whether `viewerId` (null: anonymous) is one of its players, or
 * null when there is no such clash: routes ask before they reach a room, so no room starts for a number.
 */
export async function clashSeenBy(
  db: Database,
  clashId: number,
  viewerId: number | null,
): Promise<{ status: ClashStatus; member: boolean } | null> {
  const row = await db
    .select({ status: clashes.status, member: clashPlayers.playerId })
    .from(clashes)
    .leftJoin(
      clashPlayers,
      and(eq(clashPlayers.clashId, clashes.id), eq(clashPlayers.playerId, viewerId ?? 0)),
    )
    .where(eq(clashes.id, clashId))
    .get();
  return row ? { status: row.status, member: row.member !== null } : null;
}

/** A pending clash of one owner: when it was made and who is in it (the owner too). */
export interface PendingClashRow {
  id: number;
  createdAt: number;
  playerIds: number[];
}

/** The owner's pending clashes, oldest first: what invitation limits count (worker/lib/invitations.ts). */
export async function pendingClashesOwnedBy(db: Database, ownerId: number): Promise<PendingClashRow[]> {
  const rows = await db
    .select({ id: clashes.id, createdAt: clashes.createdAt, playerId: clashPlayers.playerId })
    .from(clashes)
    .innerJoin(clashPlayers, eq(clashPlayers.clashId, clashes.id))
    .where(and(eq(clashes.ownerId, ownerId), eq(clashes.status, 'PENDING')))
    .orderBy(asc(clashes.createdAt), asc(clashes.id));
  const byId = new Map<number, PendingClashRow>();
  for (const row of rows) {
    const clash = byId.get(row.id) ?? { id: row.id, createdAt: row.createdAt, playerIds: [] };
    clash.playerIds.push(row.playerId);
    byId.set(row.id, clash);
  }
  return [...byId.values()];
}

/**
 * Which of `otherIds` have played with `playerId`: been in one clash together that started (in progress,
 * or over since). Never started ones (pending, cancelled) do not count: an invitation is no acquaintance.
 */
export async function playedWith(db: Database, playerId: number, otherIds: number[]): Promise<number[]> {
  if (!otherIds.length) return [];
  const mine = db
    .select({ id: clashPlayers.clashId })
    .from(clashPlayers)
    .innerJoin(clashes, eq(clashes.id, clashPlayers.clashId))
    .where(and(eq(clashPlayers.playerId, playerId), notInArray(clashes.status, ['PENDING', 'CANCELLED'])));
  const rows = await db
    .selectDistinct({ id: clashPlayers.playerId })
    .from(clashPlayers)
    .where(and(inArray(clashPlayers.playerId, otherIds), inArray(clashPlayers.clashId, mine)));
  return rows.map((row) => row.id);
}

const clashesOf = (db: Database, playerId: number) =>
  db.select({ id: clashPlayers.clashId }).from(clashPlayers).where(eq(clashPlayers.playerId, playerId));

/** Whether `viewerId` is the player on turn in the running clash (clash_players.position is the turn order). */
const viewerOnTurn = (viewerId: number) =>
  sql`(${clashes.status} = 'IN_PROGRESS' AND EXISTS (SELECT 1 FROM ${clashPlayers} WHERE ${clashPlayers.clashId} = ${clashes.id} AND ${clashPlayers.playerId} = ${viewerId} AND ${clashPlayers.position} = ${clashes.turn}))`;

/** A list's order: a column's, or (`turn`) the viewer's turns first, soonest clock first, then newest change. */
function clashOrder(request: PageRequest<(typeof CLASH_SORTS)[number]>, viewerId: number | null): SQL[] {
  if (request.sort !== 'turn') return orderOf(request, clashes[request.sort], clashes.id);
  const newest = [desc(clashes.updatedAt), desc(clashes.id)];
  if (viewerId === null) return newest;
  const onTurn = viewerOnTurn(viewerId);
  return [
    desc(onTurn),
    sql`CASE WHEN ${onTurn} THEN ${clashes.turnDeadline} IS NULL END`,
    sql`CASE WHEN ${onTurn} THEN ${clashes.turnDeadline} END`,
    ...newest,
  ];
}

/**
 * The clashes the player owns or was invited to, each with its players in turn order. A pending clash
 * is its players' business: when `viewerId` (null: anonymous) is someone else, only the pending (and
 * cancelled) clashes they are in too are listed.
 */
export async function playerClashes(
  db: Database,
  playerId: number | null,
  request: PageRequest<(typeof CLASH_SORTS)[number]>,
  viewerId: number | null = playerId,
) {
  // A null player (with a null viewer: an admin's list) means every clash.
  const mine =
    playerId === null
      ? undefined
      : or(eq(clashes.ownerId, playerId), inArray(clashes.id, clashesOf(db, playerId)));
  // A clash that never started (pending, or cancelled before its start) is as private as a pending one.
  const started = notInArray(clashes.status, ['PENDING', 'CANCELLED']);
  const visible =
    viewerId === playerId
      ? undefined
      : viewerId === null
        ? started
        : or(started, inArray(clashes.id, clashesOf(db, viewerId)));
  const where: SQL | undefined = and(mine, visible);
  const query = db
    .select({ clash: clashes, owner: playerRef })
    .from(clashes)
    .innerJoin(players, eq(players.id, clashes.ownerId))
    .where(where)
    .orderBy(...clashOrder(request, viewerId))
    .$dynamic();
  const { rows, total } = await pageOf(db, request, query, clashes, where);
  const ids = rows.map((row) => row.clash.id);
  const members = ids.length
    ? await db
        .select({
          clashId: clashPlayers.clashId,
          id: players.id,
          name: players.name,
          avatarKey: players.avatarKey,
          bot: players.bot,
          status: clashPlayers.status,
          position: clashPlayers.position,
          score: clashPlayers.score,
          gameId: clashPlayers.gameId,
          place: clashPlayers.place,
        })
        .from(clashPlayers)
        .innerJoin(players, eq(players.id, clashPlayers.playerId))
        .where(inArray(clashPlayers.clashId, ids))
        .orderBy(asc(clashPlayers.clashId), asc(clashPlayers.position))
    : [];
  return {
    rows: rows.map((row) => ({ ...row, members: members.filter((m) => m.clashId === row.clash.id) })),
    total,
  };
}

/**
 * The columns that say a clash's or a clash game's rule set (migration 0017): its preset, null for a custom
 * one (neither rated nor ranked), and the rule set itself.
 */
export const ruleColumns = (rules: RuleSet) => ({ preset: presetOf(rules), rules });

/** A new clash's rows: the owner accepted, the others invited, in the given turn order. */
export interface NewClashRows {
  name: string;
  ownerId: number;
  rules: RuleSet;
  players: { id: number; status: ClashPlayerStatus }[];
  createdAt: number;
  /** The turn clock (null: untimed); a correspondence clash's counts against its players' limit. */
  turnSeconds?: number | null;
}

/**
 * Inserts a clash and its players in one batch (one transaction), so no clash is ever without its
 * players. The players' statement finds the clash's id as the newest clash: inside the transaction no
 * other insert can come between.
 */
export async function insertClash(db: Database, rows: NewClashRows): Promise<ClashRow> {
  const newest = sql<number>`(SELECT max(${clashes.id}) FROM ${clashes})`;
  const [inserted] = await db.batch([
    db
      .insert(clashes)
      .values({
        name: rows.name,
        ownerId: rows.ownerId,
        ...ruleColumns(rows.rules),
        turnSeconds: rows.turnSeconds ?? null,
        createdAt: rows.createdAt,
        updatedAt: rows.createdAt,
      })
      .returning(),
    ...rows.players.map((p, position) =>
      db.insert(clashPlayers).values({ clashId: newest, playerId: p.id, status: p.status, position }),
    ),
  ]);
  const clash = inserted[0];
  if (!clash) throw new Error('clash insert returned no row');
  return clash;
}

/**
 * The clash's game rows, one per player, inserted for the players who have none: a start retried after a
 * crash reuses the rows the first attempt made. The clash's room calls it, one start at a time.
 */
export async function clashGameRows(
  db: Database,
  clash: { id: number; rules: RuleSet },
  members: { id: number }[],
  now: number,
): Promise<{ id: number; playerId: number; createdAt: number }[]> {
  const columns = { id: games.id, playerId: games.playerId, createdAt: games.createdAt };
  // One batch, one round trip (a quick match waits on it): the missing rows inserted, then all read.
  const [, rows] = await db.batch([
    db
      .insert(games)
      .values(
        members.map((m) => ({
          playerId: m.id,
          clashId: clash.id,
          type: 'CLASH' as const,
          ...ruleColumns(clash.rules),
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing(),
    db.select(columns).from(games).where(eq(games.clashId, clash.id)),
  ]);
  return rows;
}

/** The clashes the player is in that are still pending or in progress: the rooms that hold their access. */
export async function liveClashesOf(db: Database, playerId: number): Promise<{ id: number }[]> {
  return db
    .select({ id: clashes.id })
    .from(clashPlayers)
    .innerJoin(clashes, eq(clashes.id, clashPlayers.clashId))
    .where(and(eq(clashPlayers.playerId, playerId), inArray(clashes.status, ['PENDING', 'IN_PROGRESS'])));
}

/** Marks the rows that only reserve ids (with their owner and time, which no other row shares). */
const RESERVATION = '(reserved)';

/**
 * Takes `count` sets of ids (a clash and its 2 games) without leaving a row behind: the rows are inserted
 * and deleted in one transaction, and AUTOINCREMENT never hands out an id again, even a deleted row's.
 * A quick match starts with such ids at once, and its room inserts the rows with them afterwards
 * (durable-objects/clashIndex.ts), so no D1 round trip stands between the pairing and the players.
 * The rows need an owner and a player: `byPlayerId`, any existing player.
 */
export async function reserveClashIds(
  db: Database,
  byPlayerId: number,
  count: number,
): Promise<ReservedClashIds[]> {
  const now = Date.now();
  const [clashRows, gameRows] = await db.batch([
    db
      .insert(clashes)
      .values(
        Array.from({ length: count }, () => ({
          name: RESERVATION,
          ownerId: byPlayerId,
          status: 'CANCELLED' as const,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: clashes.id }),
    db
      .insert(games)
      .values(
        Array.from({ length: count * 2 }, () => ({
          playerId: byPlayerId,
          type: 'CLASH' as const,
          status: 'ARCHIVED' as const,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: games.id }),
    db
      .delete(clashes)
      .where(and(eq(clashes.name, RESERVATION), eq(clashes.ownerId, byPlayerId), eq(clashes.createdAt, now))),
    // A clash game always has its clash (the row goes with it): one without is a reservation.
    db
      .delete(games)
      .where(
        and(
          eq(games.type, 'CLASH'),
          isNull(games.clashId),
          eq(games.playerId, byPlayerId),
          eq(games.createdAt, now),
        ),
      ),
  ]);
  return clashRows.map((row, i) => ({
    clashId: row.id,
    gameIds: [2 * i, 2 * i + 1].map((j) => {
      const game = gameRows[j];
      if (!game) throw new Error('game id reservation returned too few rows');
      return game.id;
    }),
  }));
}

/** Deletes the clash's rows: its players and games go with it (ON DELETE CASCADE). */
export async function deleteClashRows(db: Database, clashId: number) {
  await db.delete(clashes).where(eq(clashes.id, clashId));
}

/**
 * The clashes being played, the latest moved first (the status and time index), with their players in
 * turn order: the "Live now" list anyone may watch from.
 */
export async function clashesInProgress(db: Database, limit: number) {
  const rows = await db
    .select({
      id: clashes.id,
      name: clashes.name,
      turn: clashes.turn,
      createdAt: clashes.createdAt,
      updatedAt: clashes.updatedAt,
    })
    .from(clashes)
    .where(eq(clashes.status, 'IN_PROGRESS'))
    .orderBy(desc(clashes.updatedAt), desc(clashes.id))
    .limit(limit);
  const ids = rows.map((row) => row.id);
  const members = ids.length
    ? await db
        .select({ clashId: clashPlayers.clashId, id: players.id, name: players.name, bot: players.bot })
        .from(clashPlayers)
        .innerJoin(players, eq(players.id, clashPlayers.playerId))
        .where(inArray(clashPlayers.clashId, ids))
        .orderBy(asc(clashPlayers.clashId), asc(clashPlayers.position))
    : [];
  return rows.map((row) => ({
    ...row,
    players: members.filter((m) => m.clashId === row.id).map(({ clashId: _, ...player }) => player),
  }));
}
