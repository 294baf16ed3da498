import type { Links } from './links';
import type { PlayerRef } from './players';

/** A completed game's score (SPEC.md section 3). `self` arrives with GET /api/scores/{id}. */
export interface ScoreSummary {
  id: number;
  player: PlayerRef;
  value: number;
  gameId: number;
  createdAt: string;
  _links: Links<'self'>;
}

export const SCORE_SORTS = ['createdAt', 'value'] as const;
