export interface ServiceHealth {
  up: boolean;
  latencyMs: number;
}

/** GET /api/health */
export interface Health {
  status: 'ok' | 'degraded';
  version: string;
  environment: string;
  humanCheck: 'on' | 'off';
  /** Turnstile's public site key, for the browser's widget (present when the human check is on). */
  turnstileSiteKey?: string;
  services: {
    /** D1, the relational database. */
    database: ServiceHealth;
    /** R2, the file storage (avatars). */
    storage: ServiceHealth;
    /** Durable Objects, the rooms that hold games and clashes. */
    rooms: ServiceHealth;
  };
}
