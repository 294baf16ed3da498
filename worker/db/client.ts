import { drizzle } from 'drizzle-orm/d1';
import { reachable } from './outage';
import * as schema from './schema';

export function database(d1: D1Database) {
  return drizzle(reachable(d1), { schema });
}

export type Database = ReturnType<typeof database>;
