import type { RuleErrorKey } from './errors';
import {
  BOX_TYPES,
  type BoxType,
  COLUMN_TYPES,
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

function isColumnFull(state: GameState, column: ColumnType): boolean {
  return findColumn(state, column).boxes.every((b) => b.value !== null);
}

export function canFill(state: GameState, column: ColumnType, box: BoxType): boolean {
  if (state.status !== 'IN_PROGRESS' || state.rollCount === 0) return false;
  if (!isColumnType(column) || !isBoxType(box)) return false;
  const col = findColumn(state, column);
  if (!isEmpty(col, box)) return false;
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
  }
}

export function fillableBoxes(state: GameState): BoxRef[] {
  return COLUMN_TYPES.flatMap((column) =>
    BOX_TYPES.filter((box) => canFill(state, column, box)).map((box) => ({ column, box })),
  );
}

export function canAnnounce(state: GameState, box: BoxType): boolean {
  return (
    state.status === 'IN_PROGRESS' &&
    state.rollCount === 1 &&
    state.announcement === null &&
    isBoxType(box) &&
    isEmpty(findColumn(state, 'ANNOUNCEMENT'), box)
  );
}

/** Why a roll is refused now, or null when it is allowed. */
export function canRoll(state: GameState): RuleErrorKey | null {
  if (state.status !== 'IN_PROGRESS') return 'game-completed';
  if (state.rollCount >= MAX_ROLLS) return 'roll-limit-reached';
  // Without this a player could roll past the only moment an announcement is possible and be left
  // with no box to fill.
  const othersFull = COLUMN_TYPES.every((c) => c === 'ANNOUNCEMENT' || isColumnFull(state, c));
  if (state.rollCount === 1 && state.announcement === null && othersFull) return 'announcement-required';
  return null;
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
