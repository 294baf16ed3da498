/**
 * GET /api/metrics (admins): the server's figures, as the about page's status tab shows them. Counters
 * cover every request the Worker answered since `measuredSince` (rows older than 30 days expire); the
 * README says how each figure is measured.
 */
export interface Metrics {
  /** When the oldest counters still kept began (ISO), or null before the first request was counted. */
  measuredSince: string | null;
  /** Seconds since `measuredSince`: the service's uptime as far as its counters know. */
  uptimeSeconds: number;
  /** Seconds since the isolate that answers this request started. */
  isolateUptimeSeconds: number;
  requests: number;
  /** Answers with a 5xx status. */
  errors: number;
  /** errors / requests, in percent (0 with no requests). */
  errorRatePercent: number;
  /** Mean time from the Worker's first middleware to the answer, in ms. */
  averageResponseMs: number;
  /**
   * The per-request time Workers lets a Worker measure: its clock advances only across I/O, and there is
   * no CPU counter in-process, so this is the same wall-time mean as `averageResponseMs`.
   */
  cpuTimePerRequestMs: number;
  storage: {
    /** D1, the relational database: its size against the 10 GB limit of a D1 database. */
    database: { usedBytes: number | null; limitBytes: number; freeBytes: number | null };
    /** R2 (avatars): the bytes of the objects listed; `complete` is false when the listing stopped at its bound. */
    files: { usedBytes: number; objects: number; complete: boolean };
  };
}
