import { BOX_TYPES, type BoxType, type Column, type Sheet } from './types';

export const TOP_BONUS_THRESHOLD = 60;
export const TOP_BONUS = 30;

const TOP: readonly BoxType[] = ['ONES', 'TWOS', 'THREES', 'FOURS', 'FIVES', 'SIXES'];
const BOTTOM: readonly BoxType[] = ['TRIPS', 'STRAIGHT', 'BOAT', 'CARRIAGE', 'YAMB'];

export interface ColumnSums {
  top: number;
  bonus: number;
  middle: number;
  bottom: number;
  total: number;
}

function boxValue(column: Column, box: BoxType): number | null {
  return column.boxes.find((b) => b.type === box)?.value ?? null;
}

function sumOf(column: Column, boxes: readonly BoxType[]): number {
  return boxes.reduce((acc, box) => acc + (boxValue(column, box) ?? 0), 0);
}

/** Section sums of one column; empty boxes count 0. `top` excludes the bonus, `total` includes it. */
export function columnSums(column: Column): ColumnSums {
  const top = sumOf(column, TOP);
  const bonus = top >= TOP_BONUS_THRESHOLD ? TOP_BONUS : 0;
  const ones = boxValue(column, 'ONES');
  const max = boxValue(column, 'MAX');
  const min = boxValue(column, 'MIN');
  const middle = ones === null || max === null || min === null ? 0 : Math.max(0, ones * (max - min));
  const bottom = sumOf(column, BOTTOM);
  return { top, bonus, middle, bottom, total: top + bonus + middle + bottom };
}

export function totalSum(sheet: Sheet): number {
  return sheet.columns.reduce((acc, column) => acc + columnSums(column).total, 0);
}

export function filledCount(sheet: Sheet): number {
  return sheet.columns.reduce((acc, c) => acc + c.boxes.filter((b) => b.value !== null).length, 0);
}

/** Percentage of boxes filled, 0..100, rounded. */
export function progress(sheet: Sheet): number {
  const boxes = sheet.columns.length * BOX_TYPES.length;
  return boxes === 0 ? 0 : Math.round((filledCount(sheet) * 100) / boxes);
}
