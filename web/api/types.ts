/** A HAL link: present on a resource only when the viewer may follow it now. */
export interface Link {
  href: string;
}

export type Links<Name extends string> = Partial<Record<Name, Link>>;

export type PlayerLinkName =
  | 'self'
  | 'stats'
  | 'scores'
  | 'games'
  | 'clashes'
  | 'preferences'
  | 'username'
  | 'email'
  | 'logs'
  | 'avatar'
  | 'notifications';

/** The player as GET /api/players/me, /api/auth/migrate and /api/auth/register-guest return it. */
export interface Player {
  id: number;
  externalId: string;
  name: string;
  email: string | null;
  emailVerified: boolean;
  avatar: { url: string } | null;
  admin: boolean;
  guest: boolean;
  status: string;
  createdAt: string;
  updatedAt: string;
  _links: Links<PlayerLinkName>;
}

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

/** The body of every API error (DESIGN.md "HTTP contract"). */
export interface ErrorBody {
  message: string;
  key: string;
}
