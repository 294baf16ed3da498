import type { PlayerRef } from '../../../contract/playerRef';
import type { ReplayResource } from '../../../contract/replay';
import type { LoggedTurn } from '../../../game/replay';
import { describeRules, type RuleSet } from '../../../game/rules';
import type { GameType } from '../../../game/types';
import { links } from '../hal';
import { CLASH_HINT, gamePath } from './game';

export const replayPath = (gameId: number) => `${gamePath(gameId)}/replay`;
export const reviewPath = (gameId: number) => `${gamePath(gameId)}/review`;

/** What a room knows of a game it shows the replay of (GameRoom `replay`, ClashRoom `replayOf`). */
export interface ReplaySource {
  gameId: number;
  type: GameType;
  clashId?: number;
  rules: RuleSet;
  games: { id: number; player: PlayerRef }[];
  turns: LoggedTurn[];
}

/** A game's replay as `viewerId` sees it: only the game's own player may send its review. */
export function toReplayResource(source: ReplaySource, viewerId: number | null): ReplayResource {
  const player = source.games.find((g) => g.id === source.gameId)?.player;
  const game = gamePath(source.gameId);
  return {
    gameId: source.gameId,
    type: source.type,
    ...(source.clashId !== undefined && { clashId: source.clashId }),
    rules: describeRules(source.rules),
    games: source.games.map((g) => ({ id: g.id, player: { id: g.player.id, name: g.player.name } })),
    turns: source.turns,
    _links: links({
      self: replayPath(source.gameId),
      game: source.clashId === undefined ? game : `${game}?${CLASH_HINT}=${source.clashId}`,
      review: viewerId !== null && viewerId === player?.id && reviewPath(source.gameId),
    }),
  };
}
