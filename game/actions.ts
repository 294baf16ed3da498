import { canAnnounce, canFill, canRestart, canRoll, canUndo } from './availability';
import { RuleError } from './errors';
import { scoreBox } from './score';
import { filledCount } from './sums';
import {
  BOX_COUNT,
  BOX_TYPES,
  type BoxType,
  COLUMN_TYPES,
  type ColumnType,
  DICE_COUNT,
  type DiceSource,
  type GameState,
  type GameType,
  type Sheet,
} from './types';

const ALL_DICE = [0, 1, 2, 3, 4];

export function newGame(type: GameType = 'SOLO'): GameState {
  return {
    type,
    status: 'IN_PROGRESS',
    sheet: {
      columns: COLUMN_TYPES.map((column) => ({
        type: column,
        boxes: BOX_TYPES.map((box) => ({ type: box, value: null })),
      })),
    },
    dice: [1, 1, 1, 1, 1],
    rollCount: 0,
    announcement: null,
    lastAction: null,
    latestBoxFilled: null,
    latestColumnFilled: null,
    latestDiceRolled: [],
    undoSnapshot: null,
  };
}

function assertInProgress(state: GameState): void {
  if (state.status !== 'IN_PROGRESS') throw new RuleError('game-completed');
}

/** A selection of dice to roll again: one to five distinct dice indices. */
export function isDiceSelection(diceToRoll: unknown): diceToRoll is number[] {
  return (
    Array.isArray(diceToRoll) &&
    diceToRoll.length >= 1 &&
    diceToRoll.length <= DICE_COUNT &&
    diceToRoll.every((i) => Number.isInteger(i) && i >= 0 && i < DICE_COUNT) &&
    new Set(diceToRoll).size === diceToRoll.length
  );
}

/** Rolls all dice on a turn's first roll, otherwise only the dice at `diceToRoll`. */
export function roll(state: GameState, diceToRoll: readonly number[], source: DiceSource): GameState {
  const refused = canRoll(state);
  if (refused) throw new RuleError(refused);
  const indices = state.rollCount === 0 ? ALL_DICE : diceToRoll;
  if (!isDiceSelection(indices)) throw new RuleError('dice-invalid');
  const sorted = [...indices].sort((a, b) => a - b);
  const values = source(sorted.length);
  // A faulty source must not leave an impossible die in a persisted game.
  if (values.length !== sorted.length || !values.every((v) => Number.isInteger(v) && v >= 1 && v <= 6)) {
    throw new Error('Dice source returned invalid values');
  }
  const dice = [...state.dice];
  sorted.forEach((index, i) => {
    dice[index] = values[i];
  });
  return {
    ...state,
    dice,
    rollCount: state.rollCount + 1,
    lastAction: 'ROLL',
    latestDiceRolled: sorted,
    undoSnapshot: null,
  };
}

export function announce(state: GameState, box: BoxType): GameState {
  assertInProgress(state);
  if (!canAnnounce(state, box)) throw new RuleError('announcement-not-allowed');
  return { ...state, announcement: box };
}

function withValue(sheet: Sheet, column: ColumnType, box: BoxType, value: number | null): Sheet {
  return {
    columns: sheet.columns.map((c) =>
      c.type !== column ? c : { ...c, boxes: c.boxes.map((b) => (b.type === box ? { ...b, value } : b)) },
    ),
  };
}

export function fill(state: GameState, column: ColumnType, box: BoxType): GameState {
  assertInProgress(state);
  if (state.rollCount === 0) throw new RuleError('roll-required');
  if (!canFill(state, column, box)) throw new RuleError('box-not-available');
  const sheet = withValue(state.sheet, column, box, scoreBox(box, state.dice));
  const completed = filledCount(sheet) === BOX_COUNT;
  return {
    ...state,
    status: completed ? 'COMPLETED' : 'IN_PROGRESS',
    sheet,
    rollCount: 0,
    announcement: null,
    lastAction: 'FILL',
    latestBoxFilled: box,
    latestColumnFilled: column,
    undoSnapshot: completed
      ? null
      : {
          column,
          box,
          dice: state.dice,
          rollCount: state.rollCount,
          announcement: state.announcement,
          lastAction: state.lastAction,
          latestBoxFilled: state.latestBoxFilled,
          latestColumnFilled: state.latestColumnFilled,
          latestDiceRolled: state.latestDiceRolled,
        },
  };
}

/** Takes back the last fill, leaving the turn exactly as it was before it. */
export function undo(state: GameState): GameState {
  if (!canUndo(state) || !state.undoSnapshot) throw new RuleError('undo-not-available');
  const { column, box, ...before } = state.undoSnapshot;
  return {
    ...state,
    ...before,
    sheet: withValue(state.sheet, column, box, null),
    undoSnapshot: null,
  };
}

export function restart(state: GameState): GameState {
  if (!canRestart(state)) throw new RuleError('restart-not-allowed');
  return newGame(state.type);
}
