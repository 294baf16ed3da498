import type { ColumnType, RuleSet } from './rules';

export { COLUMN_TYPES, type ColumnType, isColumnType } from './rules';

export const BOX_TYPES = [
  'ONES',
  'TWOS',
  'THREES',
  'FOURS',
  'FIVES',
  'SIXES',
  'MAX',
  'MIN',
  'TRIPS',
  'STRAIGHT',
  'BOAT',
  'CARRIAGE',
  'YAMB',
] as const;

/** The most dice a rule set plays (six; SPEC's sheet plays five). */
export const MAX_DICE = 6;
export const MAX_ROLLS = 3;

/** How many boxes the sheet of `rules` has. */
export const boxCount = (rules: RuleSet) => rules.columns.length * BOX_TYPES.length;

export type BoxType = (typeof BOX_TYPES)[number];
export type GameType = 'SOLO' | 'CLASH' | 'DAILY';
export type GameStatus = 'IN_PROGRESS' | 'COMPLETED';
export type GameAction = 'ROLL' | 'FILL';

export interface Box {
  type: BoxType;
  value: number | null;
}

export interface Column {
  type: ColumnType;
  boxes: Box[];
}

export interface Sheet {
  columns: Column[];
}

/** The box a fill wrote, and what of the turn it changed besides, so undo can put it back exactly. */
export type UndoSnapshot = { column: ColumnType; box: BoxType } & Pick<
  GameState,
  | 'dice'
  | 'rollCount'
  | 'announcement'
  | 'lastAction'
  | 'latestBoxFilled'
  | 'latestColumnFilled'
  | 'latestDiceRolled'
>;

export interface GameState {
  type: GameType;
  /** The dice, the columns and the straight's scoring this game is played with. */
  rules: RuleSet;
  status: GameStatus;
  sheet: Sheet;
  /** One face value, 1..6, per die of the rule set (five or six). */
  dice: number[];
  rollCount: number;
  announcement: BoxType | null;
  lastAction: GameAction | null;
  latestBoxFilled: BoxType | null;
  latestColumnFilled: ColumnType | null;
  /** Indices of the dice thrown by the last roll. */
  latestDiceRolled: number[];
  undoSnapshot: UndoSnapshot | null;
}

/** Returns `count` values, each 1..6. */
export type DiceSource = (count: number) => number[];

export function isBoxType(x: unknown): x is BoxType {
  return typeof x === 'string' && (BOX_TYPES as readonly string[]).includes(x);
}
