import { database } from '../db/client';
import { insertMetrics } from '../db/metrics';

// Only the database binding, typed without worker/env: the rooms reach this module through the log, and
// env.ts names every room class.
type Env = Pick<Cloudflare.Env, 'DB'>;

// Request counters of this isolate, kept in module memory and flushed to D1 (the `metrics` table) at most
// once every FLUSH_EVERY_MS, after an answer (waitUntil): no request waits on a shared object, and
// GET /api/metrics sums every isolate's rows. Counts of an isolate that is evicted before its next flush
// are lost; at most FLUSH_EVERY_MS of one isolate's traffic.

export const FLUSH_EVERY_MS = 10_000;
/** How long flushed rows are kept (and so the window the figures cover at most). */
export const METRICS_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

// A Worker may not make random values at its global scope, and its clock reads 0 there: the isolate
// names itself and notes its start on its first request instead.
let identity: { isolate: string; isolateStartedAt: number } | null = null;
const isolateIdentity = () => (identity ??= { isolate: crypto.randomUUID(), isolateStartedAt: Date.now() });

let pending = { requests: 0, errors: 0, totalMs: 0 };
let lastFlush = 0;

export const isolateStart = () => isolateIdentity().isolateStartedAt;

/** Counts one answered request: its wall time and whether it was a server error (5xx). */
export function countRequest(ms: number, status: number) {
  if (lastFlush === 0) lastFlush = isolateStart();
  pending.requests += 1;
  pending.totalMs += ms;
  if (status >= 500) pending.errors += 1;
}

/** The flush when one is due and there is something to write, else null. */
export function flushMetricsIfDue(env: Pick<Env, 'DB'>, now = Date.now()): Promise<void> | null {
  if (pending.requests === 0 || now - lastFlush < FLUSH_EVERY_MS) return null;
  return flushMetrics(env, now);
}

/** Writes what this isolate counted since its last flush; on failure the counts are kept for the next one. */
export async function flushMetrics(env: Pick<Env, 'DB'>, now = Date.now()): Promise<void> {
  if (pending.requests === 0) return;
  const taken = pending;
  pending = { requests: 0, errors: 0, totalMs: 0 };
  lastFlush = now;
  try {
    await insertMetrics(
      database(env.DB),
      { ...isolateIdentity(), ...taken, createdAt: now },
      now - METRICS_RETENTION_MS,
    );
  } catch (error) {
    pending.requests += taken.requests;
    pending.errors += taken.errors;
    pending.totalMs += taken.totalMs;
    console.error(JSON.stringify({ level: 'WARN', what: 'metrics-flush', error: String(error) }));
  }
}
