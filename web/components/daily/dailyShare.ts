import { BOX_TYPES, type BoxType, type Sheet } from '../../../game/types';

// The daily game's share text: the day, the total and the sheet's shape as a grid of squares, one row per
// box and one square per column, as the sheet is drawn. A square says how good a box is, never its dice,
// so a player who has not played the day yet learns nothing of them.

export const SQUARES = { empty: '⬜', zero: '⬛', below: '🟨', good: '🟩', best: '🟦' } as const;
export type Square = keyof typeof SQUARES;

/** The best a box can hold, and from where on it is good (for MIN: the lower, the better). */
const PAR: Record<BoxType, { best: number; good: number }> = {
  ONES: { best: 5, good: 3 },
  TWOS: { best: 10, good: 6 },
  THREES: { best: 15, good: 9 },
  FOURS: { best: 20, good: 12 },
  FIVES: { best: 25, good: 15 },
  SIXES: { best: 30, good: 18 },
  MAX: { best: 30, good: 25 },
  MIN: { best: 5, good: 10 },
  TRIPS: { best: 28, good: 22 },
  STRAIGHT: { best: 45, good: 35 },
  BOAT: { best: 58, good: 48 },
  CARRIAGE: { best: 64, good: 56 },
  YAMB: { best: 80, good: 55 },
};

/** How good `value` is in a box of `box`: empty (not filled), zero, below par, good, or the best it can be. */
export function squareOf(box: BoxType, value: number | null): Square {
  if (value === null) return 'empty';
  const { best, good } = PAR[box];
  if (box === 'MIN') return value === best ? 'best' : value <= good ? 'good' : 'below';
  if (value <= 0) return 'zero';
  if (value >= best) return 'best';
  return value >= good ? 'good' : 'below';
}

/** The sheet's shape: 13 lines (the boxes, top to bottom) of a square per column (left to right). */
export function sheetShape(sheet: Sheet): string[] {
  return BOX_TYPES.map((box) =>
    sheet.columns
      .map((column) => SQUARES[squareOf(box, column.boxes.find((b) => b.type === box)?.value ?? null)])
      .join(''),
  );
}

/** "Daily Yamb 2026-11-23 · 1043", the shape, and where to play it. */
export function dailyShareText(title: string, day: string, total: number, sheet: Sheet, url: string): string {
  return [`${title} ${day} · ${total}`, ...sheetShape(sheet), url].join('\n');
}
