import type { Links } from './links';
import type { PlayerRef } from './players';

export type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';

/** A log row (SPEC.md section 3), seen by its player and admins. `self` arrives with GET /api/logs/{id}. */
export interface LogSummary {
  id: number;
  player: PlayerRef | null;
  level: LogLevel;
  message: string;
  data: unknown;
  createdAt: string;
  _links: Links<'self'>;
}

export const LOG_SORTS = ['createdAt', 'level'] as const;
