import { Hono } from 'hono';
import type { Metrics } from '../../contract/metrics';
import { requireAdmin } from '../auth/admin';
import type { SessionVariables } from '../auth/session';
import { metricsTotals } from '../db/metrics';
import type { Env } from '../env';
import { flushMetrics, isolateStart } from '../lib/metrics';

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

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export const metricsRoutes = new Hono<MetricsApp>().get('/', async (c) => {
  await requireAdmin(c);
  // This isolate's counts go in first, so the answer includes the requests it has not flushed yet.
  await flushMetrics(c.env);
  const now = Date.now();
  const [totals, usedBytes, files] = await Promise.all([
    metricsTotals(c.var.db),
    databaseBytes(c.env.DB),
    filesBytes(c.env.AVATARS),
  ]);
  const average = totals.requests ? totals.totalMs / totals.requests : 0;
  return c.json({
    measuredSince: totals.since === null ? null : new Date(totals.since).toISOString(),
    uptimeSeconds: totals.since === null ? 0 : Math.floor((now - totals.since) / 1000),
    isolateUptimeSeconds: Math.floor((now - isolateStart()) / 1000),
    requests: totals.requests,
    errors: totals.errors,
    errorRatePercent: totals.requests ? round((totals.errors / totals.requests) * 100, 2) : 0,
    averageResponseMs: round(average),
    cpuTimePerRequestMs: round(average),
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
