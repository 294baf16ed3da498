import { count, lt, min, sql, sum } from 'drizzle-orm';
import type { Database } from './client';
import { metrics } from './schema';

export interface MetricsFlush {
  isolate: string;
  isolateStartedAt: number;
  requests: number;
  errors: number;
  totalMs: number;
  createdAt: number;
}

/** Writes one isolate's counters since its last flush, and deletes the rows older than `expireBefore`. */
export async function insertMetrics(db: Database, row: MetricsFlush, expireBefore: number) {
  await db.batch([
    db.insert(metrics).values(row),
    db.delete(metrics).where(lt(metrics.createdAt, expireBefore)),
  ]);
}

/** The sums of every row kept, and when the earliest isolate among them started. */
export async function metricsTotals(db: Database) {
  const [row] = await db
    .select({
      requests: sql<number>`coalesce(${sum(metrics.requests)}, 0)`,
      errors: sql<number>`coalesce(${sum(metrics.errors)}, 0)`,
      totalMs: sql<number>`coalesce(${sum(metrics.totalMs)}, 0)`,
      since: min(metrics.isolateStartedAt),
      flushes: count(),
    })
    .from(metrics);
  return {
    requests: Number(row?.requests ?? 0),
    errors: Number(row?.errors ?? 0),
    totalMs: Number(row?.totalMs ?? 0),
    since: row?.since ?? null,
  };
}
