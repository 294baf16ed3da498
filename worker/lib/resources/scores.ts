import type { PlayerRef } from '../../../contract/players';
import type { ScoreSummary } from '../../../contract/scores';
import type { ScoreRow } from '../../db/schema';
import { links } from '../hal';

// A link is only given where a route answers it: /api/scores/{id} doesn't exist yet, so no `self` until it does.
export function toScoreSummary(score: ScoreRow, player: PlayerRef): ScoreSummary {
  return {
    id: score.id,
    player,
    value: score.value,
    gameId: score.gameId,
    createdAt: new Date(score.createdAt).toISOString(),
    _links: links({}),
  };
}
