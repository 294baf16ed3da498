import { asc, count, desc, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteSelect, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { PageRequest } from '../../contract/page';
import type { Database } from './client';
import { players } from './schema';

// One page of a collection's rows and the count of them all: what every list route answers.

/** The order of a page: the requested column, then the id, so that equal values page stably. */
export const orderOf = (request: PageRequest<string>, column: SQLiteColumn, id: SQLiteColumn) => {
  const direction = request.order === 'ASC' ? asc : desc;
  return [direction(column), direction(id)];
};

/**
 * The requested page of `rows` (a select already filtered by `where` and ordered) and the count of all
 * the rows of `table` that `where` lets through, read side by side.
 */
export async function pageOf<Q extends SQLiteSelect>(
  db: Database,
  request: PageRequest<string>,
  rows: Q,
  table: SQLiteTable,
  where: SQL | undefined,
) {
  const [page, [{ total }]] = await Promise.all([
    rows.limit(request.size).offset(request.page * request.size),
    db.select({ total: count() }).from(table).where(where),
  ]);
  return { rows: page, total };
}

/** How a row of another table names its player. */
export const playerRef = { id: players.id, name: players.name };

/**
 * Lets through the rows of players who are not banned, by their player id column: rankings and lists
 * leave banned players out. A condition on that column alone, so a page's count (which reads its own
 * table without the join) agrees with its rows; the banned are few, so the set is small.
 */
export const notBanned = (playerId: SQLiteColumn) =>
  sql`${playerId} not in (select ${players.id} from ${players} where ${players.status} = 'BANNED')`;
