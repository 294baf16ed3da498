import * as v from 'valibot';
import { TOP_ROUTES, type MetricsWindow, type RouteFigures } from '../../contract/metrics';
import type { CountedWindow } from '../db/dataPoints';
import { METRICS_DATASET } from './dataPoints';
import { AppError } from './errors';

// The figures of the status tab from Workers Analytics Engine, through its SQL API
// (developers.cloudflare.com/analytics/analytics-engine/sql-api): ClickHouse-flavoured SQL over the dataset
// whose layout worker/lib/dataPoints.ts declares. Every point stands for `_sample_interval` points written
// (Analytics Engine samples busy indexes), so counts are sums of it and percentiles are weighted by it.

export interface AnalyticsAccount {
  accountId: string;
  token: string;
  /** The API's base address; tests point it at a fake SQL API. */
  apiBase: string;
}

export const CLOUDFLARE_API = 'https://api.cloudflare.com/client/v4';

/** The account to query when the Worker has both secrets, else null (local development). */
export function analyticsAccount(env: {
  CF_ACCOUNT_ID?: string;
  CF_ANALYTICS_TOKEN?: string;
  CF_API_BASE?: string;
}): AnalyticsAccount | null {
  if (!env.CF_ACCOUNT_ID || !env.CF_ANALYTICS_TOKEN) return null;
  return {
    accountId: env.CF_ACCOUNT_ID,
    token: env.CF_ANALYTICS_TOKEN,
    apiBase: env.CF_API_BASE ?? CLOUDFLARE_API,
  };
}

const INTERVALS: Record<MetricsWindow, string> = { hour: "INTERVAL '1' HOUR", day: "INTERVAL '1' DAY" };

const since = (window: MetricsWindow) => `timestamp > NOW() - ${INTERVALS[window]}`;

const DURATIONS = [
  'SUM(_sample_interval) AS requests',
  'SUM(IF(double2 >= 500, _sample_interval, 0)) AS errors',
  'quantileExactWeighted(0.5)(double1, _sample_interval) AS p50',
  'quantileExactWeighted(0.99)(double1, _sample_interval) AS p99',
].join(', ');

/** The three queries of one window: all requests, the busiest routes, the rooms. */
export function windowQueries(window: MetricsWindow) {
  const requests = `FROM ${METRICS_DATASET} WHERE blob1 = 'request' AND ${since(window)}`;
  return {
    totals: `SELECT ${DURATIONS} ${requests} FORMAT JSON`,
    routes:
      `SELECT blob2 AS route, ${DURATIONS} ${requests} ` +
      `GROUP BY route ORDER BY requests DESC LIMIT ${TOP_ROUTES} FORMAT JSON`,
    rooms:
      'SELECT COUNT(DISTINCT blob5) AS active, ' +
      "SUM(IF(blob2 = 'move', _sample_interval, 0)) AS moves, " +
      "SUM(IF(blob2 = 'socket-open', _sample_interval, 0)) AS socketsOpened, " +
      "SUM(IF(blob2 = 'alarm', _sample_interval, 0)) AS alarms " +
      `FROM ${METRICS_DATASET} WHERE blob1 = 'room' AND ${since(window)} FORMAT JSON`,
  };
}

// The API answers FORMAT JSON as `{meta, data, rows}`; 64-bit integers come as strings, an empty quantile
// as null or "nan", so every figure is read as a number that may be none.
const figure = v.pipe(
  v.optional(v.nullable(v.union([v.number(), v.string()]))),
  v.transform((value) => {
    const n = Number(value);
    return Number.isFinite(n) ? n : 0;
  }),
);
const answer = <T extends v.ObjectEntries>(entries: T) => v.object({ data: v.array(v.object(entries)) });
const DurationsRow = { requests: figure, errors: figure, p50: figure, p99: figure };
const TotalsAnswer = answer(DurationsRow);
const RoutesAnswer = answer({ route: v.string(), ...DurationsRow });
const RoomsAnswer = answer({ active: figure, moves: figure, socketsOpened: figure, alarms: figure });

/** Runs one query; a refusal or an answer of another shape is a 502 `analytics-unavailable`. */
async function query<T extends v.GenericSchema>(account: AnalyticsAccount, sql: string, schema: T) {
  const response = await fetch(`${account.apiBase}/accounts/${account.accountId}/analytics_engine/sql`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'text/plain' },
    body: sql,
  });
  if (!response.ok) {
    const text = (await response.text()).slice(0, 300);
    console.error(JSON.stringify({ level: 'WARN', what: 'analytics-sql', status: response.status, text }));
    throw new AppError(502, 'analytics-unavailable');
  }
  const parsed = v.safeParse(schema, await response.json().catch(() => null));
  if (!parsed.success) throw new AppError(502, 'analytics-unavailable');
  return parsed.output as v.InferOutput<T>;
}

const rounded = (n: number) => Math.round(n * 10) / 10;
const durationFigures = (row: v.InferOutput<v.ObjectSchema<typeof DurationsRow, undefined>> | undefined) => ({
  requests: Math.round(row?.requests ?? 0),
  errors: Math.round(row?.errors ?? 0),
  p50Ms: rounded(row?.p50 ?? 0),
  p99Ms: rounded(row?.p99 ?? 0),
});

/** The figures of one window from the dataset. */
export async function analyticsWindowFigures(
  account: AnalyticsAccount,
  window: MetricsWindow,
): Promise<CountedWindow> {
  const sql = windowQueries(window);
  const [totals, routes, rooms] = await Promise.all([
    query(account, sql.totals, TotalsAnswer),
    query(account, sql.routes, RoutesAnswer),
    query(account, sql.rooms, RoomsAnswer),
  ]);
  const room = rooms.data[0];
  return {
    ...durationFigures(totals.data[0]),
    topRoutes: routes.data.map((row): RouteFigures => ({ route: row.route, ...durationFigures(row) })),
    rooms: {
      active: Math.round(room?.active ?? 0),
      moves: Math.round(room?.moves ?? 0),
      socketsOpened: Math.round(room?.socketsOpened ?? 0),
      alarms: Math.round(room?.alarms ?? 0),
    },
  };
}
