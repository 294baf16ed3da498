import { describeRules } from '../game/rules';
import { progress, totalSum } from '../game/sums';
import type { GameState } from '../game/types';
import type { GameResource } from './gameResource';

// Apart from gameState.ts, which the play screen's first load carries: the server renders its games with this,
// and so do the games at the table (web/api/tableGames.ts), loaded on demand.

/** The fields of a game resource that its rules' state decides, alike for the server's games and the table's. */
export function stateFields(
  state: GameState,
): Pick<
  GameResource,
  | 'rules'
  | 'rollCount'
  | 'dices'
  | 'sheet'
  | 'announcement'
  | 'lastAction'
  | 'latestBoxFilled'
  | 'latestColumnFilled'
  | 'latestDiceRolled'
  | 'totalSum'
  | 'progress'
> {
  return {
    rules: describeRules(state.rules),
    rollCount: state.rollCount,
    dices: state.dice.map((value, index) => ({ index, value })),
    sheet: {
      columns: state.sheet.columns.map((column) => ({
        type: column.type,
        boxes: column.boxes.map((box) => ({ type: box.type, value: box.value })),
      })),
    },
    announcement: state.announcement,
    lastAction: state.lastAction,
    latestBoxFilled: state.latestBoxFilled,
    latestColumnFilled: state.latestColumnFilled,
    latestDiceRolled: state.latestDiceRolled,
    totalSum: totalSum(state.sheet),
    progress: progress(state.sheet),
  };
}
