/**
 * GET /api/metrics (admins): the server's figures, as the about page's status tab shows them. Request and
 * room figures come from the data points the Worker and the rooms write (worker/lib/dataPoints.ts): from
 * Workers Analytics Engine through its SQL API when the Worker has its account id and token, else from the
 * local store the development server fills (`source: 'local'`). The README says how each figure is measured.
 * There is no CPU figure: a Worker cannot measure its CPU time, and Cloudflare reports it only in its own
 * dashboard.
 */

/**
 * Where the request and room figures came from; `none` in production without the SQL API's secrets, where
 * nothing fills the local store: then there are no figures rather than zeros.
 */
export const METRICS_SOURCES = ['analytics-engine', 'local', 'none'] as const;
export type MetricsSource = (typeof METRICS_SOURCES)[number];

/** The windows the figures cover, each ending now. */
export const METRICS_WINDOWS = ['hour', 'day'] as const;
export type MetricsWindow = (typeof METRICS_WINDOWS)[number];

/** How many routes a window lists, the busiest first. */
export const TOP_ROUTES = 10;

/** The API requests of one route pattern (`GET /api/games/:id`) in a window. */
export interface RouteFigures {
  route: string;
  requests: number;
  /** Answers with a 5xx status. */
  errors: number;
  /** Median and 99th percentile of the wall time from the Worker's first middleware to the answer, in ms. */
  p50Ms: number;
  p99Ms: number;
}

export interface WindowFigures {
  /** Answered `/api/*` requests (static assets are served without the Worker). */
  requests: number;
  /** Answers with a 5xx status. */
  errors: number;
  /** errors / requests, in percent (0 with no requests). */
  errorRatePercent: number;
  p50Ms: number;
  p99Ms: number;
  /** The busiest routes, at most TOP_ROUTES, by requests. */
  topRoutes: RouteFigures[];
  rooms: {
    /** Rooms (games and clashes) with at least one move, socket opened or alarm in the window. */
    active: number;
    moves: number;
    socketsOpened: number;
    alarms: number;
  };
}

export interface Metrics {
  source: MetricsSource;
  /** When the figures were read (ISO). */
  measuredAt: string;
  windows: Record<MetricsWindow, WindowFigures> | null;
  /** Seconds since the isolate that answers this request started: one Worker instance, not the service. */
  isolateUptimeSeconds: number;
  storage: {
    /** D1, the relational database: its size against the 10 GB limit of a D1 database. */
    database: { usedBytes: number | null; limitBytes: number; freeBytes: number | null };
    /** R2 (avatars): the bytes of the objects listed; `complete` is false when the listing stopped at its bound. */
    files: { usedBytes: number; objects: number; complete: boolean };
  };
}
