import { BOX_TYPES } from './types';
import { canAnnounce, canRestart, canRoll, canUndo, fillableBoxes } from './availability';
import type { GameState } from './types';

// Apart from availability.ts, which the play screen's first load carries: the server's links and the games at
// the table (issue 28) ask this, the board only reads the links.
/** The moves the rules allow now to whoever is on turn in this game (the links and the local games ask this). */
export function availableMoves(state: GameState) {
  const inProgress = state.status === 'IN_PROGRESS';
  const announce = inProgress && BOX_TYPES.some((box) => canAnnounce(state, box));
  return {
    roll: inProgress && canRoll(state) === null,
    announce,
    // At roll 1 with only announcement boxes left nothing is fillable yet, but it will be after announcing.
    fill: inProgress && (announce || fillableBoxes(state).length > 0),
    undo: inProgress && canUndo(state),
    restart: inProgress && canRestart(state),
  };
}
