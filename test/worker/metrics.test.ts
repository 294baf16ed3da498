import { createExecutionContext, env, runDurableObjectAlarm, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Metrics } from '../../contract/metrics';
import worker from '../../worker/index';
import {
  callAndSettle,
  DEV_SECRET,
  expectError,
  json,
  makeAdmin,
  registerPlayer,
  request,
  type Session,
} from './helpers';
import { guestWithGame, play, roomOf } from './games-helpers';

// GET /api/metrics: the figures of the about page's status tab, for admins. In production they come from
// Workers Analytics Engine's SQL API, an outside service: here a fake of it answers, and the test reads the
// SQL the Worker sent. Locally they come from the data_points table the same requests fill.

/** The windows' figures, which every answer here has (only production without the secrets has none). */
function windowsOf(metrics: Metrics): NonNullable<Metrics['windows']> {
  if (!metrics.windows) throw new Error(`no figures from ${metrics.source}`);
  return metrics.windows;
}

async function admin(): Promise<Session> {
  const boss = await registerPlayer();
  await makeAdmin(boss.player.id);
  return boss;
}

/** Rows of the local store, as `worker/lib/dataPoints.ts` writes them. */
async function insertPoints(
  rows: {
    kind: string;
    name: string;
    detail: string;
    room?: string;
    ms?: number;
    status?: number;
    ago?: number;
  }[],
) {
  const now = Date.now();
  await env.DB.batch(
    rows.map((row) =>
      env.DB.prepare(
        'INSERT INTO data_points (kind, name, detail, colo, room, duration_ms, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).bind(
        row.kind,
        row.name,
        row.detail,
        'local',
        row.room ?? '',
        row.ms ?? 0,
        row.status ?? 0,
        now - (row.ago ?? 0),
      ),
    ),
  );
}

// First in the file: its isolate has answered requests, but no one has read the figures yet.
describe('the isolate’s uptime', () => {
  it('counts from the isolate’s first answered request, not from the first reading of the figures', async () => {
    const boss = await admin();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const metrics = await json<Metrics>(await callAndSettle('/metrics', { jar: boss.jar }));
    expect(metrics.isolateUptimeSeconds).toBeGreaterThanOrEqual(1);
  });
});

describe('the data points', () => {
  it('are written for every API request, with its route pattern, status class and time (local store)', async () => {
    const boss = await admin();
    const response = await callAndSettle(`/players/${boss.player.id}`, { jar: boss.jar });
    expect(response.status).toBe(200);
    await callAndSettle('/no-such-route', { jar: boss.jar });
    const rows = await env.DB.prepare(
      "SELECT name, detail, colo, duration_ms AS ms, status FROM data_points WHERE kind = 'request' ORDER BY id DESC LIMIT 50",
    ).all<{ name: string; detail: string; colo: string; ms: number; status: number }>();
    const read = rows.results.find((row) => row.name === 'GET /api/players/:id');
    expect(read).toMatchObject({ detail: '2xx', colo: 'local', status: 200 });
    expect(read?.ms).toBeGreaterThanOrEqual(0);
    // A path no route serves is one pattern, never its own path.
    expect(rows.results.find((row) => row.name === 'GET (no route)')).toMatchObject({
      detail: '4xx',
      status: 404,
    });
    expect(rows.results.some((row) => row.name.includes('no-such-route'))).toBe(false);
  });

  it("are written by a game's room for each move and alarm, under the room's id", async () => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    await play(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'MAX' });
    expect(await runDurableObjectAlarm(roomOf(me.game.id))).toBe(true);
    const roomId = roomOf(me.game.id).id.toString();
    // The room does not wait for its local row: it lands a moment later.
    await expect
      .poll(async () => {
        const rows = await env.DB.prepare(
          "SELECT name, detail FROM data_points WHERE kind = 'room' AND room = ? ORDER BY id",
        )
          .bind(roomId)
          .all<{ name: string; detail: string }>();
        return rows.results;
      })
      .toEqual([
        { name: 'move', detail: 'GameRoom' },
        { name: 'move', detail: 'GameRoom' },
        { name: 'alarm', detail: 'GameRoom' },
      ]);
  });
});

describe('the figures from the local store (development)', () => {
  it('give requests, errors, p50/p99 per route over the hour and the day, the top routes and active rooms', async () => {
    const boss = await admin();
    const route = `GET /api/probe-${crypto.randomUUID().slice(0, 8)}/:id`;
    // 200 answers of 1..200 ms in the last hour, 4 of them 5xx, and 100 more of 1000 ms yesterday evening.
    await insertPoints(
      Array.from({ length: 200 }, (_, i) => ({
        kind: 'request',
        name: route,
        detail: i < 4 ? '5xx' : '2xx',
        ms: i + 1,
        status: i < 4 ? 500 : 200,
      })),
    );
    await insertPoints(
      Array.from({ length: 100 }, () => ({
        kind: 'request',
        name: route,
        detail: '2xx',
        ms: 1000,
        status: 200,
        ago: 5 * 3600_000,
      })),
    );
    const room = crypto.randomUUID();
    await insertPoints([
      { kind: 'room', name: 'socket-open', detail: 'GameRoom', room },
      { kind: 'room', name: 'move', detail: 'GameRoom', room },
      { kind: 'room', name: 'alarm', detail: 'GameRoom', room },
    ]);

    const metrics = await json<Metrics>(await callAndSettle('/metrics', { jar: boss.jar }));
    expect(metrics.source).toBe('local');
    const hour = windowsOf(metrics).hour.topRoutes.find((r) => r.route === route);
    expect(hour).toEqual({ route, requests: 200, errors: 4, p50Ms: 100, p99Ms: 198 });
    const day = windowsOf(metrics).day.topRoutes.find((r) => r.route === route);
    expect(day).toEqual({ route, requests: 300, errors: 4, p50Ms: 150, p99Ms: 1000 });
    // Other files' requests count too: the window's totals are at least this route's.
    const { hour: all } = windowsOf(metrics);
    expect(all.requests).toBeGreaterThanOrEqual(200);
    expect(all.errorRatePercent).toBeCloseTo((all.errors / all.requests) * 100, 1);
    expect(all.topRoutes.length).toBeLessThanOrEqual(10);
    expect(all.topRoutes.map((r) => r.requests)).toEqual(
      [...all.topRoutes.map((r) => r.requests)].sort((a, b) => b - a),
    );
    expect(all.rooms.active).toBeGreaterThanOrEqual(1);
    expect(all.rooms.moves).toBeGreaterThanOrEqual(1);
    expect(all.rooms.socketsOpened).toBeGreaterThanOrEqual(1);
    expect(all.rooms.alarms).toBeGreaterThanOrEqual(1);
    expect(metrics).not.toHaveProperty('cpuTimePerRequestMs');
    expect(metrics.storage.database.limitBytes).toBe(10_000_000_000);
    expect(metrics.storage.database.usedBytes).toBeGreaterThan(0);
  });
});

describe('the figures from Analytics Engine (a fake SQL API)', () => {
  const API = 'https://analytics.fake/client/v4';
  const configured = { ...env, CF_ACCOUNT_ID: 'acc123', CF_ANALYTICS_TOKEN: 'tok456', CF_API_BASE: API };

  interface Seen {
    url: string;
    authorization: string | null;
    sql: string;
  }

  /** Answers the SQL API as Analytics Engine does (FORMAT JSON, 64-bit figures as strings); other fetches go out. */
  function fakeSqlApi(answer: (sql: string) => Response) {
    const seen: Seen[] = [];
    const real = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const target = input instanceof Request ? input.url : String(input);
      if (!target.startsWith(API)) return real(input, init);
      const sql = String(init?.body);
      seen.push({ url: target, authorization: new Headers(init?.headers).get('Authorization'), sql });
      return answer(sql);
    });
    return seen;
  }

  const rows = (data: object[]) =>
    Response.json({ meta: [], data, rows: data.length, rows_before_limit_at_least: data.length });

  function datasetAnswer(sql: string): Response {
    const day = sql.includes("INTERVAL '1' DAY");
    if (sql.includes("blob1 = 'room'"))
      return rows([
        { active: day ? '12' : '3', moves: day ? '640' : '41', socketsOpened: '9', alarms: '17' },
      ]);
    if (sql.includes('GROUP BY route'))
      return rows([
        {
          route: 'PUT /api/games/:id/roll',
          requests: day ? '9000' : '400',
          errors: '2',
          p50: 21.44,
          p99: 180.06,
        },
        { route: 'GET /api/players/me', requests: day ? '3000' : '120', errors: '0', p50: 8, p99: 40 },
      ]);
    return rows([{ requests: day ? '15000' : '800', errors: day ? '30' : '4', p50: 12.5, p99: 220 }]);
  }

  async function readMetrics(jar: Session['jar'], bindings: typeof env = configured) {
    const ctx = createExecutionContext();
    const response = await worker.fetch(request('/metrics', { jar }), bindings, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('are asked with the account, the token and SQL grouped by route over the last hour and day', async () => {
    const boss = await admin();
    const seen = fakeSqlApi(datasetAnswer);
    const response = await readMetrics(boss.jar);
    expect(response.status).toBe(200);
    const metrics = await json<Metrics>(response);

    expect(seen).toHaveLength(6);
    for (const call of seen) {
      expect(call.url).toBe(`${API}/accounts/acc123/analytics_engine/sql`);
      expect(call.authorization).toBe('Bearer tok456');
      expect(call.sql).toMatch(/FROM yamb_metrics WHERE/);
      expect(call.sql).toMatch(/FORMAT JSON$/);
    }
    const hourly = seen.filter((s) => s.sql.includes("timestamp > NOW() - INTERVAL '1' HOUR"));
    const daily = seen.filter((s) => s.sql.includes("timestamp > NOW() - INTERVAL '1' DAY"));
    expect([hourly.length, daily.length]).toEqual([3, 3]);
    const routes = hourly.find((s) => s.sql.includes('GROUP BY'))?.sql ?? '';
    expect(routes).toContain('SELECT blob2 AS route');
    expect(routes).toContain("WHERE blob1 = 'request'");
    expect(routes).toContain('GROUP BY route ORDER BY requests DESC LIMIT 10');
    // Sampled points count as many as they stand for: sums and percentiles are weighted.
    expect(routes).toContain('SUM(_sample_interval) AS requests');
    expect(routes).toContain('SUM(IF(double2 >= 500, _sample_interval, 0)) AS errors');
    expect(routes).toContain('quantileExactWeighted(0.5)(double1, _sample_interval) AS p50');
    expect(routes).toContain('quantileExactWeighted(0.99)(double1, _sample_interval) AS p99');
    expect(hourly.find((s) => s.sql.includes("blob1 = 'room'"))?.sql).toContain(
      'COUNT(DISTINCT blob5) AS active',
    );

    expect(metrics.source).toBe('analytics-engine');
    expect(windowsOf(metrics).hour).toEqual({
      requests: 800,
      errors: 4,
      errorRatePercent: 0.5,
      p50Ms: 12.5,
      p99Ms: 220,
      topRoutes: [
        { route: 'PUT /api/games/:id/roll', requests: 400, errors: 2, p50Ms: 21.4, p99Ms: 180.1 },
        { route: 'GET /api/players/me', requests: 120, errors: 0, p50Ms: 8, p99Ms: 40 },
      ],
      rooms: { active: 3, moves: 41, socketsOpened: 9, alarms: 17 },
    });
    expect(windowsOf(metrics).day).toMatchObject({ requests: 15000, errors: 30, errorRatePercent: 0.2 });
    expect(windowsOf(metrics).day.rooms.active).toBe(12);
    // The storage figures are still the Worker's own.
    expect(metrics.storage.database.usedBytes).toBeGreaterThan(0);
  });

  it('read an empty dataset as zeros (no request yet: empty quantiles come back as nan)', async () => {
    const boss = await admin();
    fakeSqlApi((sql) =>
      sql.includes('GROUP BY')
        ? rows([])
        : sql.includes("blob1 = 'room'")
          ? rows([{ active: '0', moves: '0', socketsOpened: '0', alarms: '0' }])
          : rows([{ requests: '0', errors: '0', p50: 'nan', p99: null }]),
    );
    const metrics = await json<Metrics>(await readMetrics(boss.jar));
    expect(windowsOf(metrics).hour).toEqual({
      requests: 0,
      errors: 0,
      errorRatePercent: 0,
      p50Ms: 0,
      p99Ms: 0,
      topRoutes: [],
      rooms: { active: 0, moves: 0, socketsOpened: 0, alarms: 0 },
    });
  });

  it('are none in production without the secrets, rather than zeros from a store nobody fills', async () => {
    const boss = await admin();
    const seen = fakeSqlApi(datasetAnswer);
    // The admin's token was signed with the development secret (worker/auth/session.ts): production is given it.
    const production = {
      ...env,
      ENVIRONMENT: 'production',
      SESSION_SECRET: DEV_SECRET,
    };
    const response = await readMetrics(boss.jar, production);
    expect(response.status).toBe(200);
    const metrics = await json<Metrics>(response);
    expect({ source: metrics.source, windows: metrics.windows }).toEqual({ source: 'none', windows: null });
    expect(seen).toHaveLength(0);
    expect(metrics.storage.database.usedBytes).toBeGreaterThan(0);
  });

  it('say so when the SQL API refuses (a wrong token), without a figure made up', async () => {
    const boss = await admin();
    fakeSqlApi(() => Response.json({ errors: [{ message: 'Authentication error' }] }, { status: 401 }));
    await expectError(await readMetrics(boss.jar), 502, 'analytics-unavailable');
  });
});

describe('the metrics', () => {
  it('are for admins only', async () => {
    const ana = await registerPlayer();
    await expectError(await callAndSettle('/metrics', { jar: ana.jar }), 403, 'admin-only');
    await expectError(await callAndSettle('/metrics'), 401, 'unauthorized');
  });
});
