import {
  announce,
  BOX_TYPES,
  type BoxType,
  type ColumnType,
  type DiceSource,
  fill,
  type GameState,
  newGame,
  RuleError,
  roll,
} from '../../game';
import type { GameResource } from '../../web/api/gameTypes';

// What the unit tests of the rules and of the play screen share: dice that come up as told, a turn
// played in one line, the key of a refusal, and the resource the server would send for a state.

/** Every die: what the first roll of a turn throws. */
export const ALL = [0, 1, 2, 3, 4];
export const STRAIGHT = [1, 2, 3, 4, 5];
export const SIXES = [6, 6, 6, 6, 6];

/** Dice that come up as `values`, in order. */
export function fixed(values: number[]): DiceSource {
  return (count) => values.slice(0, count);
}

/** The first roll of a turn, showing `values`. */
export function rolled(state: GameState, values = STRAIGHT): GameState {
  return roll(state, ALL, fixed(values));
}

/** A whole turn: one roll showing `values`, then the box filled (announced first in ANNOUNCEMENT). */
export function play(state: GameState, column: ColumnType, box: BoxType, values = STRAIGHT): GameState {
  const afterRoll = rolled(state, values);
  return fill(column === 'ANNOUNCEMENT' ? announce(afterRoll, box) : afterRoll, column, box);
}

/** The key of the rule the action breaks; fails the test when the action is allowed. */
export function refused(action: () => unknown): string {
  try {
    action();
  } catch (e) {
    if (e instanceof RuleError) return e.key;
    throw e;
  }
  throw new Error('the action was allowed');
}

/** Fills every box of the columns given in their order, one turn of `values` each, from `start`. */
export function withFullColumns(
  columns: readonly ColumnType[],
  values = STRAIGHT,
  start = newGame(),
): GameState {
  let state = start;
  for (const column of columns) {
    const order = column === 'UPWARDS' ? [...BOX_TYPES].reverse() : BOX_TYPES;
    for (const box of order) state = play(state, column, box, values);
  }
  return state;
}

/** The resource the server would send for `state` (what worker/lib/resources/game.ts builds). */
export function resourceOf(state: GameState, overrides: Partial<GameResource> = {}): GameResource {
  return {
    id: 7,
    status: state.status,
    type: state.type,
    player: { id: 1, name: 'RedPanda1' },
    rollCount: state.rollCount,
    dices: state.dice.map((value, index) => ({ index, value })),
    sheet: {
      columns: state.sheet.columns.map((c) => ({ type: c.type, boxes: c.boxes.map((b) => ({ ...b })) })),
    },
    announcement: state.announcement,
    lastAction: state.lastAction,
    latestBoxFilled: state.latestBoxFilled,
    latestColumnFilled: state.latestColumnFilled,
    latestDiceRolled: state.latestDiceRolled,
    totalSum: 0,
    progress: 0,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    _links: { self: { href: '/api/games/7' } },
    ...overrides,
  };
}
