import { eq, inArray, lt } from 'drizzle-orm';
import type { LOG_SORTS, LogLevel } from '../../contract/logs';
import type { PageRequest } from '../../contract/page';
import type { Database } from './client';
import { orderOf, pageOf, playerRef } from './pages';
import { logs, players } from './schema';

type LogPage = PageRequest<(typeof LOG_SORTS)[number]>;

export interface NewLog {
  level: LogLevel;
  message: string;
  data: unknown;
  playerId: number | null;
  createdAt: number;
}

export async function insertLog(db: Database, row: NewLog) {
  await db.insert(logs).values(row);
}

/** Deletes the rows written before `before`: how old rows expire. */
export async function deleteLogsBefore(db: Database, before: number) {
  await db.delete(logs).where(lt(logs.createdAt, before));
}

/** Deletes at most `limit` of the rows written before `before`, oldest first: how many it deleted. */
export async function deleteSomeLogsBefore(db: Database, before: number, limit: number): Promise<number> {
  const oldest = db
    .select({ id: logs.id })
    .from(logs)
    .where(lt(logs.createdAt, before))
    .orderBy(logs.createdAt)
    .limit(limit);
  const deleted = await db.delete(logs).where(inArray(logs.id, oldest)).returning({ id: logs.id });
  return deleted.length;
}

/** A page of the player's log rows. */
export async function playerLogs(db: Database, playerId: number, request: LogPage) {
  const where = eq(logs.playerId, playerId);
  const query = db
    .select({ log: logs, player: playerRef })
    .from(logs)
    .innerJoin(players, eq(players.id, logs.playerId))
    .where(where)
    .orderBy(...orderOf(request, logs[request.sort], logs.id))
    .$dynamic();
  return pageOf(db, request, query, logs, where);
}

/** A page of every log row, with its player where there is one (admins). */
export async function allLogs(db: Database, request: LogPage) {
  const query = db
    .select({ log: logs, player: playerRef })
    .from(logs)
    .leftJoin(players, eq(players.id, logs.playerId))
    .orderBy(...orderOf(request, logs[request.sort], logs.id))
    .$dynamic();
  return pageOf(db, request, query, logs, undefined);
}

export async function findLog(db: Database, id: number) {
  const [row] = await db
    .select({ log: logs, player: playerRef })
    .from(logs)
    .leftJoin(players, eq(players.id, logs.playerId))
    .where(eq(logs.id, id));
  return row ?? null;
}

/** Deletes one row; false when there was none. */
export async function deleteLog(db: Database, id: number): Promise<boolean> {
  const deleted = await db.delete(logs).where(eq(logs.id, id)).returning({ id: logs.id });
  return deleted.length > 0;
}

/** Deletes every row; the count of them. */
export async function deleteAllLogs(db: Database): Promise<number> {
  const result = await db.delete(logs).returning({ id: logs.id });
  return result.length;
}
