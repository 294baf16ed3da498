import { lt, sql } from 'drizzle-orm';
import { TOP_ROUTES, type RouteFigures, type WindowFigures } from '../../contract/metrics';
import type { Database } from './client';
import { dataPoints } from './schema';

export type NewDataPoint = typeof dataPoints.$inferInsert & { createdAt: number };

export async function insertDataPoint(db: Database, row: NewDataPoint) {
  await db.insert(dataPoints).values(row);
}

/** Deletes the rows written before `before`: how the local store's rows expire. */
export async function deleteDataPointsBefore(db: Database, before: number) {
  await db.delete(dataPoints).where(lt(dataPoints.createdAt, before));
}

interface DurationRow {
  requests: number;
  errors: number | null;
  p50: number | null;
  p99: number | null;
}

// The percentiles are nearest-rank: the smallest duration whose rank (1-based, by duration) reaches q × n,
// through SQLite's window functions, so the rows never leave D1.
const ranked = (since: number, partition: ReturnType<typeof sql>) => sql`
  SELECT name, duration_ms AS ms, status,
    ROW_NUMBER() OVER (${partition} ORDER BY duration_ms) AS rn,
    COUNT(*) OVER (${partition}) AS n
  FROM data_points WHERE kind = 'request' AND created_at >= ${since}`;

const durations = sql`COUNT(*) AS requests, SUM(status >= 500) AS errors,
  MIN(CASE WHEN rn >= 0.5 * n THEN ms END) AS p50, MIN(CASE WHEN rn >= 0.99 * n THEN ms END) AS p99`;

/** Figures of a window before the error rate is worked out from them (worker/lib/metricsFigures.ts). */
export type CountedWindow = Omit<WindowFigures, 'errorRatePercent'>;

/** The figures of the window that began at `since`, from the local store: what the SQL API answers in production. */
export async function localWindowFigures(db: Database, since: number): Promise<CountedWindow> {
  const [totals, routes, rooms] = await Promise.all([
    db.all<DurationRow>(sql`WITH r AS (${ranked(since, sql``)}) SELECT ${durations} FROM r`),
    db.all<DurationRow & { route: string }>(
      sql`WITH r AS (${ranked(since, sql`PARTITION BY name`)})
        SELECT name AS route, ${durations} FROM r GROUP BY name ORDER BY requests DESC, route LIMIT ${TOP_ROUTES}`,
    ),
    db.all<{ active: number; moves: number | null; socketsOpened: number | null; alarms: number | null }>(
      sql`SELECT COUNT(DISTINCT room) AS active, SUM(name = 'move') AS moves,
        SUM(name = 'socket-open') AS socketsOpened, SUM(name = 'alarm') AS alarms
        FROM data_points WHERE kind = 'room' AND created_at >= ${since}`,
    ),
  ]);
  const room = rooms[0];
  return {
    ...durationFigures(totals[0]),
    topRoutes: routes.map((row) => ({ route: row.route, ...durationFigures(row) })),
    rooms: {
      active: room?.active ?? 0,
      moves: room?.moves ?? 0,
      socketsOpened: room?.socketsOpened ?? 0,
      alarms: room?.alarms ?? 0,
    },
  };
}

function durationFigures(row: DurationRow | undefined): Omit<RouteFigures, 'route'> {
  return {
    requests: row?.requests ?? 0,
    errors: row?.errors ?? 0,
    p50Ms: row?.p50 ?? 0,
    p99Ms: row?.p99 ?? 0,
  };
}
