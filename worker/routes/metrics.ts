import { Hono } from 'hono';
import {
  METRICS_WINDOWS,
  type Metrics,
  type MetricsWindow,
  type WindowFigures,
} from '../../contract/metrics';
import { requireAdmin } from '../auth/admin';
import type { SessionVariables } from '../auth/session';
import type { Database } from '../db/client';
import { type CountedWindow, localWindowFigures } from '../db/dataPoints';
import type { Env } from '../env';
import { analyticsAccount, analyticsWindowFigures } from '../lib/analyticsSql';
import { isolateStart } from '../lib/dataPoints';

type MetricsApp = { Bindings: Env; Variables: SessionVariables };

/** The size limit of one D1 database (Workers Paid). */
export const D1_LIMIT_BYTES = 10 * 1000 ** 3;
/** R2 is listed 1000 keys a call: at most this many calls per answer. */
const R2_LIST_CALLS = 10;

/** The database's size in bytes: D1 reports it with every query (`meta.size_after`). */
async function databaseBytes(db: D1Database): Promise<number | null> {
  try {
    const result = await db.prepare('SELECT 1').run();
    const size = (result.meta as { size_after?: number }).size_after;
    return typeof size === 'number' ? size : null;
  } catch {
    return null;
  }
}

async function filesBytes(bucket: R2Bucket) {
  let usedBytes = 0;
  let objects = 0;
  let cursor: string | undefined;
  for (let call = 0; call < R2_LIST_CALLS; call++) {
    const listed = await bucket.list({ cursor, limit: 1000 });
    for (const object of listed.objects) usedBytes += object.size;
    objects += listed.objects.length;
    if (!listed.truncated) return { usedBytes, objects, complete: true };
    cursor = listed.cursor;
  }
  return { usedBytes, objects, complete: false };
}

const WINDOW_MS: Record<MetricsWindow, number> = { hour: 60 * 60 * 1000, day: 24 * 60 * 60 * 1000 };

/** errors / requests in percent, to two decimals; 0 with no requests. */
const withErrorRate = (counted: CountedWindow): WindowFigures => ({
  ...counted,
  errorRatePercent: counted.requests ? Math.round((counted.errors / counted.requests) * 10_000) / 100 : 0,
});

/**
 * The request and room figures of every window: from Analytics Engine when the Worker has its account id
 * and token, else from the local store the development server fills.
 */
async function windowFigures(
  env: Env,
  db: Database,
  now: number,
): Promise<Pick<Metrics, 'source' | 'windows'>> {
  const account = analyticsAccount(env);
  if (!account && env.ENVIRONMENT !== 'development') return { source: 'none', windows: null };
  const figures = await Promise.all(
    METRICS_WINDOWS.map((window) =>
      account ? analyticsWindowFigures(account, window) : localWindowFigures(db, now - WINDOW_MS[window]),
    ),
  );
  const windows = Object.fromEntries(
    METRICS_WINDOWS.map((window, i) => [window, withErrorRate(figures[i])]),
  ) as Record<MetricsWindow, WindowFigures>;
  return { source: account ? 'analytics-engine' : 'local', windows };
}

export const metricsRoutes = new Hono<MetricsApp>().get('/', async (c) => {
  await requireAdmin(c);
  const now = Date.now();
  const [{ source, windows }, usedBytes, files] = await Promise.all([
    windowFigures(c.env, c.var.db, now),
    databaseBytes(c.env.DB),
    filesBytes(c.env.AVATARS),
  ]);
  return c.json({
    source,
    measuredAt: new Date(now).toISOString(),
    windows,
    isolateUptimeSeconds: Math.floor((now - isolateStart(now)) / 1000),
    storage: {
      database: {
        usedBytes,
        limitBytes: D1_LIMIT_BYTES,
        freeBytes: usedBytes === null ? null : Math.max(0, D1_LIMIT_BYTES - usedBytes),
      },
      files,
    },
  } satisfies Metrics);
});
