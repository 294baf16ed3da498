/**
 * A D1 outage on purpose, for local development and tests only: POST /api/dev/outage (worker/routes/dev.ts,
 * which answers 404 outside ENVIRONMENT=development) flips it, and every D1 call that goes through
 * `reachable` — the one database client (client.ts), the health probe — then fails as D1 does when it
 * cannot be reached. Production never flips it, so there `reachable` hands the binding back untouched.
 *
 * The switch lives in the isolate: locally (workerd via wrangler, and the Workers test pool) the Worker and
 * its rooms run in one isolate, so the rooms' own write-behind index writes fail with the routes' reads.
 */
let d1Down = false;

export function setD1Outage(down: boolean): void {
  d1Down = down;
}

export const d1Outage = (): boolean => d1Down;

/** Worded as D1's own transient failure, so the one recognizer (lib/errors.ts) meets what production sees. */
const unreachable = () => new Error('D1_ERROR: Network connection lost. (development outage switch)');

const failing = () => Promise.reject(unreachable());

/** A statement that binds like any other and fails when run. */
const deadStatement: D1PreparedStatement = {
  bind: () => deadStatement,
  first: failing,
  run: failing,
  all: failing,
  raw: failing,
} as unknown as D1PreparedStatement;

const deadDatabase: D1Database = {
  prepare: () => deadStatement,
  batch: failing,
  exec: failing,
  dump: failing,
  withSession: () => deadDatabase,
} as unknown as D1Database;

/** The binding, or while the development switch is on, a database that cannot be reached. */
export function reachable(d1: D1Database): D1Database {
  return d1Down ? deadDatabase : d1;
}
