import { canAnnounce, canFill, canRestart, canRoll, canUndo } from './availability';
import { RuleError } from './errors';
import { CLASSIC_RULES, type RuleSet } from './rules';
import { scoreBox } from './score';
import { filledCount } from './sums';
import {
  BOX_TYPES,
  type BoxType,
  boxCount,
  type ColumnType,
  type DiceSource,
  type GameState,
  type GameType,
  type Sheet,
} from './types';

/** The indices of every die of the rule set. */
export const allDice = (rules: RuleSet) => Array.from({ length: rules.dice }, (_, i) => i);

export function newGame(type: GameType = 'SOLO', rules: RuleSet = CLASSIC_RULES): GameState {
  return {
    type,
    rules,
    status: 'IN_PROGRESS',
    sheet: {
      columns: rules.columns.map((column) => ({
        type: column,
        boxes: BOX_TYPES.map((box) => ({ type: box, value: null })),
      })),
    },
    dice: Array.from({ length: rules.dice }, () => 1),
    rollCount: 0,
    announcement: null,
    lastAction: null,
    latestBoxFilled: null,
    latestColumnFilled: null,
    latestDiceRolled: [],
    undoSnapshot: null,
  };
}

/** A state stored before rule sets existed has no `rules`: it was played, and goes on, by SPEC's CLASSIC sheet. */
export function withRules(state: Omit<GameState, 'rules'> & { rules?: RuleSet }): GameState {
  return { ...state, rules: state.rules ?? CLASSIC_RULES };
}

function assertInProgress(state: GameState): void {
  if (state.status !== 'IN_PROGRESS') throw new RuleError('game-completed');
}

/** A selection of dice to roll again: one to `diceCount` (five or six) distinct dice indices. */
export function isDiceSelection(diceToRoll: unknown, diceCount = 6): diceToRoll is number[] {
  return (
    Array.isArray(diceToRoll) &&
    diceToRoll.length >= 1 &&
    diceToRoll.length <= diceCount &&
    diceToRoll.every((i) => Number.isInteger(i) && i >= 0 && i < diceCount) &&
    new Set(diceToRoll).size === diceToRoll.length
  );
}

/** Rolls all dice on a turn's first roll, otherwise only the dice at `diceToRoll` (null: all of them). */
export function roll(state: GameState, diceToRoll: readonly number[] | null, source: DiceSource): GameState {
  const refused = canRoll(state);
  if (refused) throw new RuleError(refused);
  const indices = state.rollCount === 0 || diceToRoll === null ? allDice(state.rules) : diceToRoll;
  if (!isDiceSelection(indices, state.rules.dice)) throw new RuleError('dice-invalid');
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
  const score = scoreBox(box, state.dice, state.rules.straight, state.rollCount);
  const sheet = withValue(state.sheet, column, box, score);
  const completed = filledCount(sheet) === boxCount(state.rules);
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
  return newGame(state.type, state.rules);
}
