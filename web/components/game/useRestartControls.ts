import { useState } from 'react';
import type { GameMoves } from './useGameMoves';
import type { SheetView } from './view';

export interface RestartControls {
  /** Null when the game offers no undo to this viewer. */
  undo: (() => void) | null;
  /** Null when the game cannot be restarted; else opens the confirmation. */
  ask: (() => void) | null;
  confirming: boolean;
  cancel: () => void;
  confirm: () => void;
}

/** Taking a move back and starting the game over (after a confirmation). */
export function useRestartControls(moves: GameMoves, view: SheetView): RestartControls {
  const [confirming, setConfirming] = useState(false);
  const { game, isPlayer, send } = moves;
  const links = game._links;
  const anyFilled = view.cells.some((column) => column.some((cell) => cell.value !== null));
  return {
    undo: isPlayer && links.undo ? () => send({ type: 'UNDO' }) : null,
    // SPEC section 4 lets any game in progress restart (the server's link says so), but a sheet with no box
    // filled has nothing to lose: the button only shows once a box is filled.
    ask: links.restart && anyFilled ? () => setConfirming(true) : null,
    confirming,
    cancel: () => setConfirming(false),
    confirm: () => {
      setConfirming(false);
      send({ type: 'RESTART' });
    },
  };
}
