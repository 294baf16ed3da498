import type { ScorePlayer, ScoreResource, ScoreSummary } from '../../../contract/scores';
import type { ScoreRow } from '../../db/schema';
import { links } from '../hal';
import { gamePath, type GameSummaryRow, toGameSummary } from './game';
import { playerPath } from './player';

export const scorePath = (id: number) => `/api/scores/${id}`;

/** A score in a list: anyone may open it. */
export function toScoreSummary(score: ScoreRow, player: ScorePlayer): ScoreSummary {
  return {
    id: score.id,
    player,
    value: score.value,
    preset: score.preset,
    gameId: score.gameId,
    createdAt: new Date(score.createdAt).toISOString(),
    _links: links({ self: scorePath(score.id) }),
  };
}

/** One score with its game's summary and the ways to the game and the player. */
export function toScoreResource(
  score: ScoreRow,
  player: ScorePlayer,
  game: Omit<GameSummaryRow, 'playerName'>,
): ScoreResource {
  const { _links: _, ...summary } = toScoreSummary(score, player);
  return {
    ...summary,
    game: toGameSummary({ ...game, playerName: player.name }),
    _links: links({ self: scorePath(score.id), game: gamePath(game.id), player: playerPath(player.id) }),
  };
}
