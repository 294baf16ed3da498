import type { Context, MiddlewareHandler } from 'hono';
import { LOG_RETENTION_DAYS, type LogLevel } from '../../contract/logs';
import { database } from '../db/client';
import { deleteLogsBefore, insertLog } from '../db/logs';
import { routeOf } from './routeOf';
import { writeRequestPoint } from './dataPoints';

// Typed through the global Cloudflare.Env, not worker/env: the rooms log their errors through here, and
// env.ts names every room class.
type Env = Cloudflare.Env;

// The one way the server writes a log row (SPEC.md's Log: level, message, data, player): server errors,
// security events (failed sign-ins, refresh-token reuse, password resets, refusals) and admin actions.
// A row is written after the answer (waitUntil), so logging neither slows nor breaks a request.

export interface LogEntry {
  level: LogLevel;
  /** A stable, short name of the event, e.g. `sign-in-failed`, `admin-delete-game`. */
  message: string;
  data?: Record<string, unknown>;
  playerId?: number | null;
}

const RETENTION_MS = LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000;
/** How often an isolate deletes expired rows, at most. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
let lastSweep = 0;

/** Keys whose values never go into a row, whatever nests them: secrets and what unlocks an account. */
const SECRET_KEY = /pass|hash|token|secret|salt|cookie|authorization|credential|api_?key/i;
const MAX_DATA_CHARS = 4000;
const MAX_MESSAGE_CHARS = 200;

/** `data` without secret-looking keys, plain JSON, at most MAX_DATA_CHARS long (else a note that it was cut). */
export function redact(data: unknown, depth = 0): unknown {
  if (data === null || typeof data !== 'object') return typeof data === 'bigint' ? String(data) : data;
  if (depth > 4) return '[nested]';
  if (Array.isArray(data)) return data.slice(0, 50).map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data))
    if (!SECRET_KEY.test(name) && typeof value !== 'function') out[name] = redact(value, depth + 1);
  return out;
}

function safeData(data: Record<string, unknown> | undefined): unknown {
  if (!data) return null;
  const clean = redact(data);
  const text = JSON.stringify(clean) ?? 'null';
  return text.length <= MAX_DATA_CHARS ? clean : { truncated: text.slice(0, MAX_DATA_CHARS) };
}

/**
 * Rows one isolate writes per minute, at most: a flood of refused requests must not turn into a flood of
 * D1 writes. Past it, rows are counted instead, and the next minute's first row is preceded by one
 * `log-rows-dropped` row with the count.
 */
export const LOG_ROWS_PER_MINUTE = 300;
let minute = { start: 0, written: 0, dropped: 0 };

/** Whether a row may be written now; the count of the rows dropped in the minute that just ended, if any. */
function admit(now: number): { admitted: boolean; droppedBefore: number } {
  let droppedBefore = 0;
  // A clock that went back (a caller's own `now`) starts a new minute too.
  if (now - minute.start >= 60_000 || now < minute.start) {
    droppedBefore = minute.dropped;
    minute = { start: now, written: 0, dropped: 0 };
  }
  if (minute.written >= LOG_ROWS_PER_MINUTE) {
    minute.dropped += 1;
    return { admitted: false, droppedBefore };
  }
  minute.written += 1;
  return { admitted: true, droppedBefore };
}

/** Writes a row with the env's D1: awaited by `after` below; exported for the callers with no request. */
export async function writeLog(env: Pick<Env, 'DB'>, entry: LogEntry, now = Date.now()): Promise<void> {
  const db = database(env.DB);
  const { admitted, droppedBefore } = admit(now);
  try {
    if (droppedBefore > 0)
      await insertLog(db, {
        level: 'WARN',
        message: 'log-rows-dropped',
        data: { count: droppedBefore, perMinute: LOG_ROWS_PER_MINUTE },
        playerId: null,
        createdAt: now,
      });
    if (!admitted) return;
    await insertLog(db, {
      level: entry.level,
      message: entry.message.slice(0, MAX_MESSAGE_CHARS),
      data: safeData(entry.data),
      playerId: entry.playerId ?? null,
      createdAt: now,
    });
    if (now - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now;
      await expireLogs(env, now);
    }
  } catch (error) {
    // A row that could not be written is said on the console only: the request it describes goes on.
    console.error(JSON.stringify({ level: 'WARN', what: 'log-write', error: String(error) }));
  }
}

/** Deletes the rows older than the retention (LOG_RETENTION_DAYS). */
export async function expireLogs(env: Pick<Env, 'DB'>, now = Date.now()) {
  await deleteLogsBefore(database(env.DB), now - RETENTION_MS);
}

/** Runs `work` after the answer when the runtime allows it (waitUntil), else alongside it. */
export function after(c: Context, work: Promise<unknown>) {
  let ctx: ExecutionContext | undefined;
  try {
    ctx = c.executionCtx as ExecutionContext;
  } catch {
    // Hono throws when there is no execution context (app.request in a unit test).
  }
  if (ctx) ctx.waitUntil(work);
  else void work;
}

/**
 * Logs an event of the request: the player is the one the access token names, unless given. The caller
 * does not wait for the row.
 */
export function log(c: Context, entry: LogEntry) {
  const playerId = entry.playerId !== undefined ? entry.playerId : tokenPlayer(c);
  after(c, writeLog(c.env as Env, { ...entry, playerId }));
}

function tokenPlayer(c: Context): number | null {
  const token = c.get('token') as { playerId: number } | null | undefined;
  return token?.playerId ?? null;
}

/**
 * One JSON line per API request, for `wrangler tail` and the local console, and one data point
 * (lib/dataPoints.ts): wall time from here to the answer, since Workers gives no CPU counter in-process.
 */
export const requestLog: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  const started = performance.now();
  await next();
  const ms = Math.round((performance.now() - started) * 10) / 10;
  console.log(JSON.stringify({ method: c.req.method, path: c.req.path, status: c.res.status, ms }));
  const colo = (c.req.raw.cf as { colo?: string } | undefined)?.colo ?? null;
  const local = writeRequestPoint(c.env, { route: routeOf(c), status: c.res.status, durationMs: ms, colo });
  if (local) after(c, local);
};
