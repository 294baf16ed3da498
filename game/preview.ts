import { canFill } from './availability';
import { scoreBox } from './score';
import type { BoxType, ColumnType, GameState } from './types';

/** The score the box would get now, or null when it can't be filled. */
export function previewScore(state: GameState, column: ColumnType, box: BoxType): number | null {
  return canFill(state, column, box)
    ? scoreBox(box, state.dice, state.rules.straight, state.rollCount)
    : null;
}
