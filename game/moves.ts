import { announce, fill, restart, roll, undo } from './actions';
import type { BoxType, ColumnType, DiceSource, GameState } from './types';

/** A move a player asks for, as the server receives it; the rules judge it in `applyMove`. */
export type GameMove =
  | { type: 'ROLL'; diceToRoll: number[] | null }
  | { type: 'ANNOUNCE'; boxType: BoxType }
  | { type: 'FILL'; columnType: ColumnType; boxType: BoxType }
  | { type: 'UNDO' }
  | { type: 'RESTART' };

/** The next state after `move`; throws RuleError, leaving `state` untouched, when the rules refuse it. */
export function applyMove(state: GameState, move: GameMove, dice: DiceSource): GameState {
  switch (move.type) {
    case 'ROLL':
      return roll(state, move.diceToRoll, dice);
    case 'ANNOUNCE':
      return announce(state, move.boxType);
    case 'FILL':
      return fill(state, move.columnType, move.boxType);
    case 'UNDO':
      return undo(state);
    case 'RESTART':
      return restart(state);
  }
}
