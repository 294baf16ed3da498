import { useMemo } from 'react';
import type { GameState } from '../../../game/types';
import { useGameMove } from '../../api/games';
import type { GameResource, PlayerMove } from '../../../contract/games';
import { toGameState } from '../../../contract/gameState';
import { toastError } from '../Toasts';
import { type DiceRoll, useDiceRoll } from './useDiceRoll';
import { type Hint, useHint } from './useHint';
import { useDiceSpeed } from './useReducedMotion';

export interface GameMoves {
  game: GameResource;
  state: GameState;
  /** The viewer is the game's player: only they get the controls. */
  isPlayer: boolean;
  completed: boolean;
  /** What the server's links let this viewer do now. */
  may: { roll: boolean; fill: boolean; announce: boolean };
  dice: DiceRoll;
  /** A move is on its way or the dice tumble: no other move now. */
  busy: boolean;
  /** A move is on its way. */
  pending: boolean;
  /** The advisor's answer for this state; every move clears it. */
  advisor: Hint;
  send: (
    next: PlayerMove,
    after?: { onSuccess?: (game: GameResource) => void; onError?: () => void },
  ) => void;
}

/** The game as the board sees it and the one way a move leaves: every control sends through `send`. */
export function useGameMoves(game: GameResource, viewerId: number | null): GameMoves {
  const state = useMemo(() => toGameState(game), [game]);
  const move = useGameMove(game.id, toastError);
  const dice = useDiceRoll(game, useDiceSpeed());
  const advisor = useHint(game, state);
  const isPlayer = viewerId !== null && viewerId === game.player.id;
  const links = game._links;
  return {
    game,
    state,
    isPlayer,
    completed: game.status !== 'IN_PROGRESS',
    may: {
      roll: isPlayer && !!links.roll,
      fill: isPlayer && !!links.fill,
      announce: isPlayer && !!links.announce,
    },
    dice,
    busy: move.isPending || dice.busy,
    pending: move.isPending,
    advisor,
    send: (next, after) => {
      advisor.clear();
      move.mutate(next, after);
    },
  };
}
