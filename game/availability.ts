import type { RuleErrorKey } from './errors';
import {
  BOX_TYPES,
  type BoxType,
  type Column,
  type ColumnType,
  type GameState,
  isBoxType,
  isColumnType,
  MAX_ROLLS,
} from './types';

export interface BoxRef {
  column: ColumnType;
  box: BoxType;
}

export function findColumn(state: GameState, column: ColumnType): Column {
  const found = state.sheet.columns.find((c) => c.type === column);
  if (!found) throw new Error(`Sheet has no ${column} column`);
  return found;
}

function isEmpty(column: Column, box: BoxType): boolean {
  return column.boxes.find((b) => b.type === box)?.value === null;
}

/** The one box a directed column accepts next, or null when it is full. */
function nextInOrder(column: Column, order: readonly BoxType[]): BoxType | null {
  return order.find((box) => isEmpty(column, box)) ?? null;
}

const UPWARDS_ORDER = [...BOX_TYPES].reverse();
/** MIDDLE's two chains, from the middle of the sheet outwards; EDGES' two, from its edges inwards. */
const MIDDLE_CHAINS: readonly (readonly BoxType[])[] = [
  ['MAX', 'SIXES', 'FIVES', 'FOURS', 'THREES', 'TWOS', 'ONES'],
  ['MIN', 'TRIPS', 'STRAIGHT', 'BOAT', 'CARRIAGE', 'YAMB'],
];
const EDGES_CHAINS = MIDDLE_CHAINS.map((chain) => [...chain].reverse());

function hasEmpty(column: Column): boolean {
  return column.boxes.some((b) => b.value === null);
}

export function canFill(state: GameState, column: ColumnType, box: BoxType): boolean {
  if (state.status !== 'IN_PROGRESS' || state.rollCount === 0) return false;
  if (!isColumnType(column) || !isBoxType(box)) return false;
  // A column the rule set does not play has no box to fill.
  const col = state.sheet.columns.find((c) => c.type === column);
  if (!col || !isEmpty(col, box)) return false;
  if (state.announcement !== null) return column === 'ANNOUNCEMENT' && box === state.announcement;
  switch (column) {
    case 'DOWNWARDS':
      return nextInOrder(col, BOX_TYPES) === box;
    case 'UPWARDS':
      return nextInOrder(col, UPWARDS_ORDER) === box;
    case 'FREE':
      return true;
    case 'ANNOUNCEMENT':
      return false;
    case 'HAND':
      return state.rollCount === 1;
    case 'MIDDLE':
      return MIDDLE_CHAINS.some((chain) => nextInOrder(col, chain) === box);
    case 'EDGES':
      return EDGES_CHAINS.some((chain) => nextInOrder(col, chain) === box);
  }
}

export function fillableBoxes(state: GameState): BoxRef[] {
  return state.rules.columns.flatMap((column) =>
    BOX_TYPES.filter((box) => canFill(state, column, box)).map((box) => ({ column, box })),
  );
}

export function canAnnounce(state: GameState, box: BoxType): boolean {
  return (
    state.status === 'IN_PROGRESS' &&
    state.rollCount === 1 &&
    state.announcement === null &&
    isBoxType(box) &&
    state.rules.columns.includes('ANNOUNCEMENT') &&
    isEmpty(findColumn(state, 'ANNOUNCEMENT'), box)
  );
}

/** Why a roll is refused now, or null when it is allowed. */
export function canRoll(state: GameState): RuleErrorKey | null {
  if (state.status !== 'IN_PROGRESS') return 'game-completed';
  if (state.rollCount >= MAX_ROLLS) return 'roll-limit-reached';
  // Never stuck: a roll that would leave no box to fill this turn is refused. Only ANNOUNCEMENT (announced
  // after the first roll) and HAND (filled after it) close after the first roll, so it is never refused.
  if (state.rollCount === 0 || state.announcement !== null) return null;
  const open = state.sheet.columns.filter(hasEmpty).map((c) => c.type);
  if (open.some((c) => c !== 'ANNOUNCEMENT' && c !== 'HAND')) return null;
  return open.includes('ANNOUNCEMENT') ? 'announcement-required' : 'hand-fill-required';
}

export function canUndo(state: GameState): boolean {
  return (
    state.type === 'SOLO' &&
    state.status === 'IN_PROGRESS' &&
    state.lastAction === 'FILL' &&
    state.undoSnapshot !== null
  );
}

export function canRestart(state: GameState): boolean {
  return state.type === 'SOLO' && state.status === 'IN_PROGRESS';
}
