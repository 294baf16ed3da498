import { database } from '../db/client';
import { deleteDataPointsBefore, insertDataPoint, type NewDataPoint } from '../db/dataPoints';

// Typed through the global Cloudflare.Env, not worker/env: the rooms write here too, and env.ts names every
// room class.
type Env = Pick<Cloudflare.Env, 'METRICS' | 'DB' | 'ENVIRONMENT'>;

/**
 * The Analytics Engine dataset of wrangler.toml's `[[analytics_engine_datasets]]` (binding METRICS): its
 * SQL table has the dataset's name.
 */
export const METRICS_DATASET = 'yamb_metrics';

/**
 * The layout of a data point, the same for both kinds (the SQL of worker/lib/analyticsSql.ts and the local
 * store's columns read it):
 *
 * | field   | request                                   | room                                  |
 * |---------|-------------------------------------------|---------------------------------------|
 * | index1  | the route pattern (sampled fairly per route) | the room's id (so rare rooms survive sampling) |
 * | blob1   | `request`                                 | `room`                                |
 * | blob2   | route pattern: `GET /api/games/:id`       | event: `move`, `socket-open`, `alarm` |
 * | blob3   | status class: `2xx` .. `5xx`              | room class: `GameRoom`, `ClashRoom`   |
 * | blob4   | colo (`request.cf.colo`, `local` if none) | empty                                 |
 * | blob5   | empty                                     | the room's id                         |
 * | double1 | wall time to the answer, ms               | 0                                     |
 * | double2 | status                                    | 0                                     |
 *
 * Wall time is what a Worker can measure of its own work: its clock stands still while it computes and
 * moves across I/O, and it has no CPU counter.
 */
export type RoomEvent = 'move' | 'socket-open' | 'alarm';
export type RoomClass = 'GameRoom' | 'ClashRoom';

/** How long the local store keeps its rows: the longest window the figures cover, and an hour more. */
const LOCAL_RETENTION_MS = 25 * 60 * 60 * 1000;
/** How often an isolate deletes the local store's expired rows, at most. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
let lastSweep = 0;

/** The status class of an answer: `2xx`, `4xx`, ... */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** One answered API request. Writing never waits and never fails the request. */
export function writeRequestPoint(
  env: Env,
  point: { route: string; status: number; durationMs: number; colo: string | null },
): Promise<void> | null {
  isolateStart();
  return write(env, {
    kind: 'request',
    name: point.route,
    detail: statusClass(point.status),
    colo: point.colo ?? 'local',
    room: '',
    durationMs: point.durationMs,
    status: point.status,
  });
}

/**
 * One moment of a room. The rooms call it in one line and do not wait: the local store's write, in
 * development only, is left to run (a room has no waitUntil, and its own I/O keeps it alive meanwhile).
 */
export function writeRoomPoint(env: Env, room: RoomClass, roomId: string, event: RoomEvent): void {
  void write(env, {
    kind: 'room',
    name: event,
    detail: room,
    colo: '',
    room: roomId,
    durationMs: 0,
    status: 0,
  });
}

/** Writes the point to the dataset; in development also to the local store, whose write is returned. */
function write(env: Env, point: Omit<NewDataPoint, 'createdAt'>): Promise<void> | null {
  try {
    env.METRICS.writeDataPoint({
      indexes: [point.kind === 'room' ? point.room : point.name],
      blobs: [point.kind, point.name, point.detail, point.colo, point.room],
      doubles: [point.durationMs, point.status],
    });
  } catch (error) {
    // The binding throws on a malformed point only (a blob over its size): a bug to see, not to fail on.
    console.error(JSON.stringify({ level: 'WARN', what: 'data-point', error: String(error) }));
  }
  return env.ENVIRONMENT === 'development' ? writeLocal(env, point) : null;
}

async function writeLocal(env: Env, point: Omit<NewDataPoint, 'createdAt'>): Promise<void> {
  const now = Date.now();
  const db = database(env.DB);
  try {
    await insertDataPoint(db, { ...point, createdAt: now });
    if (now - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now;
      await deleteDataPointsBefore(db, now - LOCAL_RETENTION_MS);
    }
  } catch (error) {
    console.error(JSON.stringify({ level: 'WARN', what: 'data-point-local', error: String(error) }));
  }
}

// A Worker's clock reads 0 at its global scope: the isolate notes its start on its first request instead.
let startedAt = 0;

/**
 * When this isolate answered its first request (ms): its uptime, not the service's. Every request notes it
 * (writeRequestPoint), so the status tab's reading is not what starts the clock.
 */
export function isolateStart(now = Date.now()): number {
  if (startedAt === 0) startedAt = now;
  return startedAt;
}
