import type { Links } from './links';
import type { PlayerRef } from './players';

export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * A log row (SPEC.md section 3), seen by its player and admins. `self` is GET /api/logs/{id} (admins);
 * `delete` (DELETE on it) for admins only.
 */
export interface LogSummary {
  id: number;
  player: PlayerRef | null;
  level: LogLevel;
  message: string;
  data: unknown;
  createdAt: string;
  _links: Links<'self' | 'delete'>;
}

export const LOG_SORTS = ['createdAt', 'level'] as const;

/** How long a log row is kept: older rows are deleted (worker/lib/log.ts). */
export const LOG_RETENTION_DAYS = 30;
