export const COLUMN_TYPES = ['DOWNWARDS', 'UPWARDS', 'FREE', 'ANNOUNCEMENT'] as const;
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

export const DICE_COUNT = 5;
export const MAX_ROLLS = 3;
export const BOX_COUNT = COLUMN_TYPES.length * BOX_TYPES.length;

export type ColumnType = (typeof COLUMN_TYPES)[number];
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
  status: GameStatus;
  sheet: Sheet;
  /** Five face values, 1..6. */
  dice: number[];
  rollCount: number;
  announcement: BoxType | null;
  lastAction: GameAction | null;
  latestBoxFilled: BoxType | null;
  latestColumnFilled: ColumnType | null;
  /** Indices (0..4) of the dice thrown by the last roll. */
  latestDiceRolled: number[];
  undoSnapshot: UndoSnapshot | null;
}

/** Returns `count` values, each 1..6. */
export type DiceSource = (count: number) => number[];

export function isColumnType(x: unknown): x is ColumnType {
  return typeof x === 'string' && (COLUMN_TYPES as readonly string[]).includes(x);
}

export function isBoxType(x: unknown): x is BoxType {
  return typeof x === 'string' && (BOX_TYPES as readonly string[]).includes(x);
}
